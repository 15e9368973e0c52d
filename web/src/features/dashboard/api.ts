import { CENTRE_TIME_ZONE, type DashboardFigures, isoDateInZone } from '@ciffc/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../shared/api/data-api.ts';
import { EMPTY_FIRES, parseMapFires } from './map-fires.ts';
import { MAP_FIRES_ADDRESS } from './map-fires-address.ts';

/** GET /v1/dashboard/fires with from_date and to_date (the shape of `packages/contracts/src/dashboard.ts`). */
export type { DashboardFigures };

/** GET /v1/sitrep/latest: the public, basic national sitrep (section 3). */
export interface LatestSitrep {
  field_date: string;
  field_preparedness_level: number | null;
  field_en_summary_comments?: string | null;
  field_fr_summary_comments?: string | null;
}

/**
 * The map pins. Public and the same for everyone, so no bearer. A failed call or an answer that is
 * not GeoJSON (XML, HTML of a proxy error) shows no fires rather than breaking the page; the
 * failure is logged.
 */
export const mapFiresQuery = () =>
  queryOptions({
    queryKey: ['dashboard-fires', { map: true }],
    queryFn: async ({ signal }) => {
      try {
        return parseMapFires(
          await apiGet<string>(MAP_FIRES_ADDRESS, {
            responseType: 'text',
            auth: false,
            signal,
          }),
        );
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') throw error;
        console.error('map fires', error);
        return EMPTY_FIRES;
      }
    },
  });

export type SeasonRange = { from_date: string; to_date: string };

/** This season's figures: January 1 to today in the centre's time zone. */
export function seasonRange(now = new Date()): SeasonRange {
  const today = isoDateInZone(now, CENTRE_TIME_ZONE);
  return { from_date: `${today.slice(0, 4)}-01-01`, to_date: today };
}

export const dashboardFiguresQuery = (range: SeasonRange) =>
  queryOptions({
    queryKey: ['dashboard-fires', range],
    queryFn: ({ signal }) =>
      apiGet<DashboardFigures>('/v1/dashboard/fires', { query: range, auth: false, signal }),
  });

/** Accepts the record itself or wrapped as `{ data }`; null when none has been published (404). */
function readLatestSitrep(body: unknown): LatestSitrep | null {
  const record = body && typeof body === 'object' && 'data' in body ? (body as { data: unknown }).data : body;
  if (!record || typeof record !== 'object') return null;
  const r = record as Partial<LatestSitrep>;
  if (typeof r.field_date !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(r.field_date)) return null;
  const level = Number(r.field_preparedness_level);
  return {
    field_date: r.field_date.slice(0, 10),
    field_preparedness_level: Number.isInteger(level) && level >= 1 && level <= 5 ? level : null,
    field_en_summary_comments: r.field_en_summary_comments ?? null,
    field_fr_summary_comments: r.field_fr_summary_comments ?? null,
  };
}

export const latestSitrepQuery = () =>
  queryOptions({
    queryKey: ['sitrep-latest'],
    queryFn: async ({ signal }) => {
      try {
        return readLatestSitrep(await apiGet<unknown>('/v1/sitrep/latest', { auth: false, signal }));
      } catch (error) {
        if (error && typeof error === 'object' && 'status' in error && error.status === 404) return null;
        throw error;
      }
    },
  });
