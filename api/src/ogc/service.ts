import type { OgcCollectionSource } from './collection.ts';
import { firesCollection } from './fires.ts';
import { perimetersCollection } from './perimeters.ts';

/**
 * The OGC API's collections. Each source (`fires.ts`, `perimeters.ts`) holds its collection's SQL
 * and rules behind `OgcCollectionSource` (a page, a feature, its queryables): the routes reach
 * them only through this list, as every domain's routes reach their store through a service.
 */

// biome-ignore lint/suspicious/noExplicitAny: each collection brings its own query and feature types
export type AnySource = OgcCollectionSource<any, any>;

/** The collections served; another one is one more entry. */
export const COLLECTIONS: AnySource[] = [firesCollection, perimetersCollection];

/** For the domains that publish data outside a request (the feeds' worker): tiles built ahead. */
export { warmAfterPublish } from './tiles/warm.ts';
