import { OGC_DEFAULT_LIMIT, type OgcItemsBaseQuery } from '@ciffc/contracts';
import type { z } from 'zod';
import { checkAnswer } from '../http/cache.ts';
import type { OgcCollectionSource } from './collection.ts';

const JSON_TYPE = 'application/json';
const GEOJSON = 'application/geo+json';

type BaseQuery = z.infer<typeof OgcItemsBaseQuery>;
// biome-ignore lint/suspicious/noExplicitAny: each collection brings its own query and feature types
type AnySource = OgcCollectionSource<any, any>;

/** The same document as a page for a person (the HTML conformance class). */
export const htmlLink = (href: string) => ({
  href: `${href}${href.includes('?') ? '&' : '?'}f=html`,
  rel: 'alternate',
  type: 'text/html',
  title: 'This document as HTML',
});

/**
 * The page size of a GeoJSON `next` link: at least the default. GDAL 3.6 asks `limit=10` whatever
 * the API says and then follows `next` as given (docs/decisions.md, "Next pages of a thousand"), so
 * its first page is the 10 it asked and the rest come by the thousand: 5,208 fires in 8 requests
 * instead of 523. A page for a person (HTML) keeps the size asked.
 */
export const nextLimit = (limit: number, html: boolean) =>
  html ? limit : Math.max(limit, OGC_DEFAULT_LIMIT);

/** self, alternate, next, prev and collection links of one page of items, carrying its parameters. */
export function pageLinks(
  base: string,
  source: AnySource,
  query: BaseQuery,
  page: { numberMatched: number; features: unknown[] },
  limit: { asked: number; next: number },
) {
  const items = `${base}/collections/${source.id}/items`;
  const carried = {
    bbox: query.bbox,
    'bbox-crs': query['bbox-crs'],
    crs: query.crs,
    filter: query.filter,
    'filter-lang': query['filter-lang'],
    'filter-crs': query['filter-crs'],
    ...source.linkParams(query),
  };
  const href = (offset: number, size = limit.asked) => {
    const params = new URLSearchParams();
    params.set('limit', String(size));
    if (offset) params.set('offset', String(offset));
    for (const [name, value] of Object.entries(carried))
      if (value !== undefined) params.set(name, String(value));
    return `${items}?${params}`;
  };
  const offset = query.offset ?? 0;
  const links = [
    { href: href(offset), rel: 'self', type: GEOJSON, title: 'This page' },
    htmlLink(href(offset)),
  ];
  if (offset + page.features.length < page.numberMatched)
    links.push({
      href: href(offset + page.features.length, limit.next),
      rel: 'next',
      type: GEOJSON,
      title: 'Next page',
    });
  if (offset > 0)
    links.push({
      href: href(Math.max(0, offset - limit.asked)),
      rel: 'prev',
      type: GEOJSON,
      title: 'Previous page',
    });
  links.push({
    href: `${base}/collections/${source.id}`,
    rel: 'collection',
    type: JSON_TYPE,
    title: 'The collection',
  });
  return links;
}

/** Outside production (tests, development) a joined page is checked against its schema, as others are. */
const CHECK_ANSWERS = process.env.NODE_ENV !== 'production';

/**
 * A FeatureCollection as text, its features given as GeoJSON text each: the same bytes as
 * `JSON.stringify` of the document (members in the same order), without serialising the features.
 */
export function featureCollectionText(
  head: { type: 'FeatureCollection'; timeStamp: string; numberMatched: number; numberReturned: number },
  features: readonly string[],
  links: readonly unknown[],
  schema: z.ZodType<unknown>,
): string {
  const text = `${JSON.stringify(head).slice(0, -1)},"features":[${features.join(',')}],${JSON.stringify({ links }).slice(1)}`;
  if (CHECK_ANSWERS) checkAnswer(schema, JSON.parse(text), 'OGC items');
  return text;
}
