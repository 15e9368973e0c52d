import {
  type FireQueryable,
  type OgcCrs,
  type OgcFeature,
  OgcFeatureCollection,
  OgcFeatureWithLinks,
  OgcItemsQuery,
  type Season,
} from '@ciffc/contracts';
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { Database } from '../db/tables.ts';
import type { FireRow } from '../fires/store.ts';
import { currentSeason, ofSeason } from '../fires/store.ts';
import type { OgcCollectionSource } from './collection.ts';
import { type Box, insideBox, project } from './crs.ts';
import type { DateRange } from './params.ts';
import { FIRE_QUERYABLE_TYPES } from './queryables.ts';

interface FeaturePage {
  numberMatched: number;
  features: OgcFeature[];
}

/** The stable id of a fire's feature: agency code, a hyphen, the agency fire id. */
const featureId = (f: Pick<FireRow, 'agency_code' | 'agency_fire_id'>) =>
  `${f.agency_code}-${f.agency_fire_id}`;

function toFeature(f: FireRow, crs: OgcCrs): OgcFeature {
  return {
    type: 'Feature',
    id: featureId(f),
    geometry: { type: 'Point', coordinates: project(crs, f.longitude, f.latitude) },
    properties: {
      agency_code: f.agency_code,
      agency_fire_id: f.agency_fire_id,
      agency_data_timezone: f.agency_data_timezone,
      situation_report_date: f.situation_report_date,
      status_date: f.status_date,
      stage_of_control: f.stage_of_control,
      fire_cause: f.fire_cause,
      response_type: f.response_type,
      fire_size: f.fire_size,
      latitude: f.latitude,
      longitude: f.longitude,
      updated_at: f.updated_at,
      report_source: f.report_source,
      reported_on: f.reported_on,
      ended_on: f.ended_on,
    },
  };
}

interface FiresFilter {
  bbox?: { box: Box; crs: OgcCrs } | undefined;
  /** The asked `datetime`; without it, the fires of `season` (the national list's default view). */
  dates?: DateRange | undefined;
  season: Season;
  /** The queryables given as query parameters: equality on each (Part 3). */
  equals?: Partial<Record<FireQueryable, string | number>>;
  /** A CQL2 filter, already read and checked (filter.ts). */
  // biome-ignore lint/suspicious/noExplicitAny: built over the fires' columns by filter.ts
  condition?: ((eb: ExpressionBuilder<any, any>) => Expression<SqlBool>) | undefined;
}

function filtered(db: Kysely<Database>, filter: FiresFilter) {
  let query = db.selectFrom('fires');
  const { bbox, dates, condition } = filter;
  if (!dates) query = query.where(ofSeason(filter.season));
  if (bbox) query = query.where(insideBox(bbox.box, bbox.crs));
  if (dates?.from) query = query.where('situation_report_date', '>=', dates.from);
  if (dates?.to) query = query.where('situation_report_date', '<=', dates.to);
  for (const [name, value] of Object.entries(filter.equals ?? {}))
    if (value !== undefined) query = query.where(name as FireQueryable, '=', value);
  if (condition) query = query.where(condition);
  return query;
}

/** One page of fires in a stable order (agency, fire id), and how many match in all. */
async function firesPage(
  db: Kysely<Database>,
  filter: FiresFilter & { limit: number; offset: number; crs: OgcCrs },
): Promise<FeaturePage> {
  const [count, rows] = await Promise.all([
    filtered(db, filter).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    filtered(db, filter)
      .selectAll()
      .orderBy('agency_code')
      .orderBy('agency_fire_id')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
  ]);
  return { numberMatched: Number(count.n), features: rows.map((row) => toFeature(row, filter.crs)) };
}

async function featureById(db: Kysely<Database>, id: string, crs: OgcCrs): Promise<OgcFeature | undefined> {
  const dash = id.indexOf('-');
  if (dash < 1) return undefined;
  const row = await db
    .selectFrom('fires')
    .selectAll()
    .where('agency_code', '=', id.slice(0, dash))
    .where('agency_fire_id', '=', id.slice(dash + 1))
    .executeTakeFirst();
  return row && toFeature(row, crs);
}

/** The fires as an OGC collection (routes.ts serves every collection of the list alike). */
export const firesCollection: OgcCollectionSource<OgcItemsQuery, OgcFeature> = {
  id: 'fires',
  title: 'Wildland fires in Canada / Feux de végétation au Canada',
  description:
    'Fires reported by the Canadian fire management agencies through CIFFC, one point per fire, with ' +
    'the codes of the national fires list (stage of control OC, BH, UC, OUT; response FUL, MOD, MON; cause H, N, U).',
  bbox: [-141.1, 41.6, -52.5, 83.2],
  interval: [null, null],
  queryables: FIRE_QUERYABLE_TYPES,
  geometry: { format: 'geometry-point', description: 'A point' },
  spatial: insideBox,
  itemsQuery: OgcItemsQuery,
  dataSets: ['fires'],
  itemsSchema: OgcFeatureCollection,
  featureSchema: OgcFeatureWithLinks,
  page: (app, request) => {
    const { query } = request;
    const equals = Object.fromEntries(
      Object.keys(FIRE_QUERYABLE_TYPES).map((name) => [name, query[name as FireQueryable]]),
    );
    return firesPage(app.db.kysely, {
      limit: request.limit,
      offset: request.offset,
      crs: request.crs,
      bbox: request.bbox,
      condition: request.condition,
      equals,
      dates: request.dates,
      season: currentSeason(app.config.now()),
    });
  },
  feature: (app, id, crs) => featureById(app.db.kysely, id, crs),
  linkParams: (query) => ({
    datetime: query.datetime,
    ...Object.fromEntries(
      Object.keys(FIRE_QUERYABLE_TYPES).map((name) => [name, query[name as FireQueryable]]),
    ),
  }),
};
