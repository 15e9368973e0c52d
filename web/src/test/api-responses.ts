import type {
  AgencySitrepResponse,
  AgencySitrepStatsList,
  DashboardDaily,
  DashboardFigures,
  DashboardFreshness,
  DashboardSinceYesterday,
  DutyOfficerList,
  FeedList,
  FeedRun,
  FeedStatus,
  FireCountResponse,
  FireImportsPage,
  FirePerimeters,
  FiresImportProgress,
  FiresImportResult,
  HistoricalRunning,
  HistoricalWeekly,
  HistoricalYearly,
  InventoryInput,
  InventoryResult,
  InventorySummary,
  NationalClaimResult,
  NationalDraftResponse,
  NationalSaveResult,
  NationalSitrepStats,
  NearFiresResponse,
  PerimeterImport,
  PerimetersImportResult,
  PerimetersInspectResult,
  PlacesResponse,
  PublicNationalSitrep,
  ResourceOptions,
  SitrepArchive,
  SitrepExportRow,
  SitrepStatusFields,
  SummaryResponse,
  WildfireStats,
  WildfiresResponse,
} from '@ciffc/contracts';
import type { FeatureCollection } from 'geojson';
import type { LatestSitrep } from '../features/dashboard/api.ts';
import type { CmsEntry, LoginResponse } from '../shared/api/cms.ts';
import type { User } from '../shared/auth/session.ts';

/** A list of the content system (Strapi 5, flat entries). */
export interface CmsList {
  data: CmsEntry[];
  meta?: object;
}

/** The canada.topo.json asset the map fetches: a TopoJSON topology. */
export interface Topology {
  type: 'Topology';
  objects: Record<string, unknown>;
  arcs: unknown[];
}

/**
 * What each path the site calls answers with, from the contracts: the fake API's handlers are checked
 * against it, so a wire change fails the site tests that feed the old shape. A path answering more
 * than one shape (a GET and a POST) has their union. Paths not listed here are refused by the type of
 * `installFetch`: add the path with its contract type.
 */
export interface ApiResponses {
  '/v1/wildfires': WildfiresResponse;
  '/v1/wildfire/stats': WildfireStats;
  '/v1/summary': SummaryResponse;
  '/v1/fire-count': FireCountResponse;
  '/v1/fires/near': NearFiresResponse;
  '/v1/places': PlacesResponse;
  '/v1/fires/imports': FireImportsPage;
  '/v1/fires/import': FiresImportResult;
  /** The figures, or with `map=true` the map's GeoJSON. */
  '/v1/dashboard/fires': DashboardFigures | FeatureCollection;
  '/v1/dashboard/fires/daily': DashboardDaily;
  '/v1/dashboard/freshness': DashboardFreshness;
  '/v1/dashboard/since-yesterday': DashboardSinceYesterday;
  '/v1/historical/yearly': HistoricalYearly;
  '/v1/historical/weekly': HistoricalWeekly;
  '/v1/historical/running': HistoricalRunning;
  '/v1/feeds': FeedList;
  '/v1/perimeters/feeds': FeedList;
  '/v1/perimeters/imports': { items: PerimeterImport[] };
  '/v1/perimeters/import': PerimetersImportResult | PerimetersInspectResult;
  '/v1/resource/options': ResourceOptions;
  '/v1/inventory/national': InventorySummary;
  '/v1/inventory/input': InventoryInput | InventoryResult;
  '/v1/inventory/input/save': InventoryResult;
  '/v1/sitrep': PublicNationalSitrep;
  '/v1/sitrep/archive': SitrepArchive;
  '/v1/sitrep/latest': LatestSitrep;
  '/v1/sitrep/stats/agency': AgencySitrepStatsList;
  '/v1/sitrep/stats/national': NationalSitrepStats;
  '/v1/sitrep/agency': AgencySitrepResponse | SitrepStatusFields;
  '/v1/sitrep/agency/approved': AgencySitrepResponse;
  '/v1/sitrep/agency/published': AgencySitrepResponse;
  '/v1/sitrep/agency/claim': SitrepStatusFields;
  '/v1/sitrep/agency/release': SitrepStatusFields;
  '/v1/sitrep/agency/approve': SitrepStatusFields;
  '/v1/sitrep/agency/reject': SitrepStatusFields;
  '/v1/sitrep/agency/export': SitrepExportRow[];
  '/v1/sitrep/national': NationalDraftResponse | NationalSaveResult;
  '/v1/sitrep/national/claim': NationalClaimResult;
  '/v1/sitrep/national/release': NationalClaimResult;
  '/v1/sitrep/national/publish': NationalSaveResult;
  '/v1/sitrep/national/export': SitrepExportRow[];
  '/v1/duty-officers': DutyOfficerList;
  '/api/auth/local': LoginResponse;
  '/api/auth/forgot-password': { ok: boolean };
  '/api/auth/reset-password': LoginResponse;
  '/api/users/me': User;
  '/api/users/me/preferred-locale': { preferredLocale: 'en' | 'fr' };
  '/api/content-version': { version: string | number };
  '/api/static-contents': CmsList;
  '/api/pages': CmsList;
  '/api/agency-pages': CmsList;
  '/api/ciffc-pages': CmsList;
  /** The list of published static contents' aliases (the feature list), whatever its path. */
  aliases: CmsList;
}

/** Paths with a part taken from data: matched by their pattern. */
export interface ApiResponsePatterns {
  [path: `/v1/perimeters/fires/${string}`]: FirePerimeters;
  [path: `/v1/perimeters/feeds/${string}`]: FeedStatus | FeedRun;
  [path: `/v1/feeds/${string}`]: FeedStatus | FeedRun;
  [path: `/v1/fires/import/progress/${string}`]: FiresImportProgress;
  [path: `/${string}.json`]: Topology;
}
