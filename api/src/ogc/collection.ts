import type { OgcCrs, OgcItemsBaseQuery } from '@ciffc/contracts';
import type { FastifyInstance } from 'fastify';
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { z } from 'zod';
import type { DataSet } from '../db/versions.ts';
import type { Box } from './crs.ts';
import type { SpatialCondition } from './filter.ts';
import type { DateRange } from './params.ts';
import type { GeometryQueryable, Queryable } from './queryables.ts';

/** What every collection's items are read with, once the base parameters are checked. */
export interface ItemsRequest<Q> {
  query: Q;
  limit: number;
  offset: number;
  crs: OgcCrs;
  bbox: { box: Box; crs: OgcCrs } | undefined;
  /** `datetime`'s days, on the date each collection names. */
  dates: DateRange | undefined;
  // biome-ignore lint/suspicious/noExplicitAny: built over the collection's own columns by filter.ts
  condition: ((eb: ExpressionBuilder<any, any>) => Expression<SqlBool>) | undefined;
}

interface ItemsPage<F> {
  numberMatched: number;
  features: F[];
}

/**
 * One collection of /v1/ogc: routes.ts serves the list of them, so another collection is one more
 * object of this shape (its description, queryables, items query and SQL).
 */
export interface OgcCollectionSource<Q extends z.infer<typeof OgcItemsBaseQuery>, F> {
  id: string;
  title: string;
  description: string;
  /** Spatial extent in CRS84 and temporal interval (open ends null). */
  bbox: [number, number, number, number];
  interval: [string | null, string | null];
  queryables: Record<string, Queryable>;
  /** Its features' geometry, as the queryables document names it. */
  geometry: GeometryQueryable;
  /** How `bbox` and CQL2's S_INTERSECTS test its rows against a box. */
  spatial: SpatialCondition;
  /** The items' query schema: the base parameters and one per queryable. */
  itemsQuery: z.ZodType<Q>;
  /** The data sets whose version is in the cache key of its answers. */
  dataSets: readonly DataSet[];
  itemsSchema: z.ZodType<unknown>;
  featureSchema: z.ZodType<unknown>;
  page(app: FastifyInstance, request: ItemsRequest<Q>): Promise<ItemsPage<F>>;
  /**
   * The same page with each feature as its GeoJSON text, for a source that keeps its features'
   * text ready (the perimeters' published geometry): a large GeoJSON page is then joined, not
   * parsed and serialised vertex by vertex. Undefined when it has no text for this request.
   */
  pageText?(app: FastifyInstance, request: ItemsRequest<Q>): Promise<ItemsPage<string> | undefined>;
  feature(app: FastifyInstance, id: string, crs: OgcCrs): Promise<F | undefined>;
  /** The query parameters of its own (queryables, datetime) to carry into the next and prev links. */
  linkParams(query: Q): Record<string, string | number | undefined>;
}
