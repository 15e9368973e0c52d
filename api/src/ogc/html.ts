import { type Locale, OPEN_DATA_LICENCE } from '@ciffc/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requestLang } from '../http/lang.ts';

/**
 * The HTML conformance class of OGC API – Features: the landing page, collections and items as
 * pages a person reads in a browser, in English or French. Every value is escaped: feature ids and
 * properties come from the agencies' data.
 */

/** `f` and `lang` on the pages that also answer HTML (the known-params check refuses others). */
export const HtmlQuery = z.object({
  f: z.enum(['json', 'geojson', 'html']).optional().describe('html for a page, json (default) for JSON'),
  lang: z.enum(['en', 'fr']).optional().describe('The language of the HTML page'),
});

type Format = 'html' | 'json';

/** The q of the first Accept entry matching one of `types` (a media range or a wildcard), or 0. */
function qualityOf(accept: string, types: string[]): number {
  let best = 0;
  for (const part of accept.split(',')) {
    const [range = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = q ? Number(q.slice(2)) : 1;
    const [type, subtype] = range.trim().split('/');
    const matches = types.some((t) => {
      const [tt, ts] = t.split('/');
      return (type === '*' || type === tt) && (subtype === '*' || subtype === ts);
    });
    if (matches && Number.isFinite(value)) best = Math.max(best, value);
  }
  return best;
}

/**
 * HTML when `f=html`, or when Accept prefers text/html to JSON (a browser); JSON otherwise, so a
 * client sending no Accept, `*` or JSON (GDAL, QGIS, fetch) gets what it always got.
 */
export function formatOf(request: FastifyRequest): Format {
  const f = (request.query as { f?: string } | undefined)?.f;
  if (f) return f === 'html' ? 'html' : 'json';
  const accept = request.headers.accept;
  if (!accept) return 'json';
  const html = qualityOf(accept, ['text/html']);
  const json = qualityOf(accept, ['application/json', 'application/geo+json']);
  return html > json ? 'html' : 'json';
}

/** The answer depends on Accept (and for HTML, the language): caches must key on them. */
export const HTML_VARY = 'Accept, Accept-Language';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (value: unknown): string =>
  String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

const TEXT = {
  en: {
    landing: 'CIFFC wildland fires – OGC API Features',
    landingIntro:
      'The fires of the national fires list and their mapped perimeters, for GIS tools (QGIS, ArcGIS, GDAL) and web maps.',
    collections: 'Collections',
    links: 'Links',
    features: 'Features',
    feature: 'Feature',
    matched: (n: number, shown: number, offset: number) =>
      `${n} features match; ${shown ? `${offset + 1} to ${offset + shown}` : 'none'} shown.`,
    next: 'Next page',
    prev: 'Previous page',
    json: 'JSON',
    property: 'Property',
    value: 'Value',
    id: 'Id',
    licence: 'Licence',
    other: 'Français',
    conformance: 'Conformance classes',
    conformanceIntro: 'The parts of the OGC API – Features standards this service implements.',
    queryables: (title: string) => `Queryables of ${title}`,
    queryablesIntro: 'The properties a filter (CQL2 text) or a query parameter may use.',
    name: 'Name',
    title: 'Title',
    type: 'Type',
    values: 'Values',
    description: 'Description',
    api: 'API definition',
    apiIntro: 'The paths of this service, their parameters and what they answer (OpenAPI 3).',
    path: 'Path',
    summary: 'Summary',
    parameters: 'Parameters',
  },
  fr: {
    landing: 'Feux de végétation du CIFFC – OGC API Features',
    landingIntro:
      'Les feux de la liste nationale et leurs périmètres cartographiés, pour les outils SIG (QGIS, ArcGIS, GDAL) et les cartes Web.',
    collections: 'Collections',
    links: 'Liens',
    features: 'Entités',
    feature: 'Entité',
    matched: (n: number, shown: number, offset: number) =>
      `${n} entités correspondent; ${shown ? `${offset + 1} à ${offset + shown}` : 'aucune'} affichée(s).`,
    next: 'Page suivante',
    prev: 'Page précédente',
    json: 'JSON',
    property: 'Propriété',
    value: 'Valeur',
    id: 'Identifiant',
    licence: 'Licence',
    other: 'English',
    conformance: 'Classes de conformité',
    conformanceIntro: 'Les parties des normes OGC API – Features que ce service met en œuvre.',
    queryables: (title: string) => `Propriétés interrogeables : ${title}`,
    queryablesIntro: 'Les propriétés qu’un filtre (texte CQL2) ou un paramètre de requête peut utiliser.',
    name: 'Nom',
    title: 'Titre',
    type: 'Type',
    values: 'Valeurs',
    description: 'Description',
    api: 'Définition de l’API',
    apiIntro: 'Les chemins de ce service, leurs paramètres et leurs réponses (OpenAPI 3).',
    path: 'Chemin',
    summary: 'Résumé',
    parameters: 'Paramètres',
  },
} as const;

/** French titles of the collections; an unlisted one keeps its English title. */
const COLLECTION_TITLES_FR: Record<string, { title: string; description: string }> = {
  fires: {
    title: 'Feux de végétation',
    description: 'Les feux de la liste nationale des feux, un point par feu.',
  },
  perimeters: {
    title: 'Périmètres des feux',
    description: 'Les périmètres cartographiés des feux, un polygone par feu.',
  },
};

interface Link {
  href: string;
  rel: string;
  type?: string;
  title?: string | undefined;
}

/** Where the pages of this service live: a link there is shown as its HTML page, in the same language. */
export interface HtmlContext {
  lang: Locale;
  base: string;
}

export const htmlContext = (request: FastifyRequest, base: string): HtmlContext => ({
  lang: requestLang(request),
  base,
});

/** `href` with `f=html` and the language, when it is one of the pages answered in HTML. */
function htmlHref(href: string, ctx: HtmlContext, lang: Locale = ctx.lang): string | undefined {
  if (!href.startsWith(ctx.base)) return undefined;
  const url = new URL(href);
  const path = url.pathname.replace(new URL(ctx.base).pathname, '');
  if (!/^(\/conformance|\/api|\/collections(\/[^/]+(\/queryables|\/items(\/[^/]+)?)?)?)?$/.test(path))
    return undefined;
  url.searchParams.set('f', 'html');
  url.searchParams.set('lang', lang);
  return url.toString();
}

function linkItem(link: Link, ctx: HtmlContext): string {
  const page = htmlHref(link.href, ctx);
  const title = escapeHtml(link.title ?? link.rel);
  const main = page ? `<a href="${escapeHtml(page)}">${title}</a>` : title;
  const raw = `<a href="${escapeHtml(link.href)}" type="${escapeHtml(link.type)}">${escapeHtml(link.type ?? link.href)}</a>`;
  return `<li>${main} <small>(${escapeHtml(link.rel)}: ${raw})</small></li>`;
}

const linkList = (links: Link[], ctx: HtmlContext) =>
  `<h2>${TEXT[ctx.lang].links}</h2>\n<ul>\n${links.map((l) => linkItem(l, ctx)).join('\n')}\n</ul>`;

function licence(lang: Locale): string {
  const l = OPEN_DATA_LICENCE[lang];
  return `<footer><p>${TEXT[lang].licence}: <a rel="license" href="${escapeHtml(l.url)}">${escapeHtml(l.title)}</a>. ${escapeHtml(OPEN_DATA_LICENCE.attribution[lang])}</p></footer>`;
}

/** The whole page: its language, title, the other language's version and the licence. */
function page(ctx: HtmlContext, title: string, self: string, body: string): string {
  const other: Locale = ctx.lang === 'en' ? 'fr' : 'en';
  const switchHref = htmlHref(self, ctx, other);
  const switcher = switchHref
    ? `<nav><a href="${escapeHtml(switchHref)}" lang="${other}" hreflang="${other}">${TEXT[ctx.lang].other}</a></nav>`
    : '';
  return `<!doctype html>
<html lang="${ctx.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:1rem auto;max-width:72rem;padding:0 1rem;line-height:1.4}table{border-collapse:collapse}th,td{border:1px solid #888;padding:.2rem .4rem;text-align:left}.scroll{overflow-x:auto}</style>
</head>
<body>
${switcher}
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
${licence(ctx.lang)}
</body>
</html>
`;
}

const selfOf = (links: Link[], fallback: string) => links.find((l) => l.rel === 'self')?.href ?? fallback;

export function landingHtml(doc: { links: Link[] }, ctx: HtmlContext): string {
  const t = TEXT[ctx.lang];
  return page(ctx, t.landing, ctx.base, `<p>${escapeHtml(t.landingIntro)}</p>\n${linkList(doc.links, ctx)}`);
}

interface CollectionDoc {
  id: string;
  title: string;
  description: string;
  links: Link[];
}

function titled(doc: CollectionDoc, lang: Locale) {
  const fr = lang === 'fr' ? COLLECTION_TITLES_FR[doc.id] : undefined;
  return fr ?? { title: doc.title, description: doc.description };
}

export function collectionsHtml(
  doc: { links: Link[]; collections: CollectionDoc[] },
  ctx: HtmlContext,
): string {
  const t = TEXT[ctx.lang];
  const items = doc.collections.map((c) => {
    const { title, description } = titled(c, ctx.lang);
    const self = selfOf(c.links, `${ctx.base}/collections/${c.id}`);
    return `<li><a href="${escapeHtml(htmlHref(self, ctx) ?? self)}">${escapeHtml(title)}</a>: ${escapeHtml(description)}</li>`;
  });
  return page(
    ctx,
    t.collections,
    `${ctx.base}/collections`,
    `<ul>\n${items.join('\n')}\n</ul>\n${linkList(doc.links, ctx)}`,
  );
}

export function collectionHtml(doc: CollectionDoc, ctx: HtmlContext): string {
  const { title, description } = titled(doc, ctx.lang);
  return page(
    ctx,
    title,
    selfOf(doc.links, ctx.base),
    `<p>${escapeHtml(description)}</p>\n${linkList(doc.links, ctx)}`,
  );
}

interface FeatureDoc {
  id?: string | number | undefined;
  properties: Record<string, unknown> | null;
  links?: Link[];
}

/** A property as text: numbers and strings as they are, null as nothing, anything else as JSON. */
const cell = (value: unknown) =>
  `<td>${escapeHtml(value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : value)}</td>`;

function featuresTable(features: FeatureDoc[], ctx: HtmlContext, collectionSelf: string): string {
  const columns = [...new Set(features.flatMap((f) => Object.keys(f.properties ?? {})))];
  const head = `<tr><th scope="col">${TEXT[ctx.lang].id}</th>${columns.map((c) => `<th scope="col">${escapeHtml(c)}</th>`).join('')}</tr>`;
  const rows = features.map((f) => {
    const href = htmlHref(`${collectionSelf}/items/${encodeURIComponent(String(f.id))}`, ctx);
    const id = href ? `<a href="${escapeHtml(href)}">${escapeHtml(f.id)}</a>` : escapeHtml(f.id);
    return `<tr><th scope="row">${id}</th>${columns.map((c) => cell(f.properties?.[c])).join('')}</tr>`;
  });
  return `<div class="scroll"><table>\n<thead>${head}</thead>\n<tbody>\n${rows.join('\n')}\n</tbody>\n</table></div>`;
}

/** next and prev as HTML pages, before the table, so paging is a click away. */
function pager(links: Link[], ctx: HtmlContext): string {
  const t = TEXT[ctx.lang];
  const parts = (['prev', 'next'] as const).flatMap((rel) => {
    const link = links.find((l) => l.rel === rel);
    const href = link && htmlHref(link.href, ctx);
    return href ? [`<a rel="${rel}" href="${escapeHtml(href)}">${rel === 'next' ? t.next : t.prev}</a>`] : [];
  });
  return parts.length ? `<nav aria-label="${t.features}">${parts.join(' · ')}</nav>` : '';
}

export function itemsHtml(
  doc: { numberMatched: number; features: FeatureDoc[]; links: Link[] },
  ctx: HtmlContext,
  collection: { id: string; title: string; description: string },
  offset: number,
): string {
  const t = TEXT[ctx.lang];
  const { title } = titled({ ...collection, links: [] }, ctx.lang);
  const collectionSelf = `${ctx.base}/collections/${collection.id}`;
  const body = [
    `<p>${escapeHtml(t.matched(doc.numberMatched, doc.features.length, offset))}</p>`,
    pager(doc.links, ctx),
    featuresTable(doc.features, ctx, collectionSelf),
    pager(doc.links, ctx),
    linkList(doc.links, ctx),
  ].join('\n');
  return page(ctx, `${title} – ${t.features}`, selfOf(doc.links, collectionSelf), body);
}

export function featureHtml(doc: FeatureDoc, ctx: HtmlContext, self: string): string {
  const t = TEXT[ctx.lang];
  const rows = Object.entries(doc.properties ?? {}).map(
    ([name, value]) => `<tr><th scope="row">${escapeHtml(name)}</th>${cell(value)}</tr>`,
  );
  const table = `<table>\n<thead><tr><th scope="col">${t.property}</th><th scope="col">${t.value}</th></tr></thead>\n<tbody>\n${rows.join('\n')}\n</tbody>\n</table>`;
  return page(ctx, `${t.feature} ${doc.id ?? ''}`, self, `${table}\n${linkList(doc.links ?? [], ctx)}`);
}

/** A table of `rows` under column headings; each cell is escaped text. */
function table(headings: string[], rows: string[][]): string {
  const head = `<tr>${headings.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join('')}</tr>`;
  const body = rows.map(
    ([first = '', ...rest]) =>
      `<tr><th scope="row">${escapeHtml(first)}</th>${rest.map((v) => `<td>${escapeHtml(v)}</td>`).join('')}</tr>`,
  );
  return `<div class="scroll"><table>\n<thead>${head}</thead>\n<tbody>\n${body.join('\n')}\n</tbody>\n</table></div>`;
}

/** The JSON document a page shows, as its only link (these documents carry no links of their own). */
const jsonOf = (self: string, type: string): Link[] => [
  { href: self, rel: 'alternate', type, title: 'JSON' },
];

export function conformanceHtml(doc: { conformsTo: string[] }, ctx: HtmlContext): string {
  const t = TEXT[ctx.lang];
  const self = `${ctx.base}/conformance`;
  const items = doc.conformsTo.map((uri) => `<li><a href="${escapeHtml(uri)}">${escapeHtml(uri)}</a></li>`);
  return page(
    ctx,
    t.conformance,
    self,
    `<p>${escapeHtml(t.conformanceIntro)}</p>\n<ul>\n${items.join('\n')}\n</ul>\n${linkList(jsonOf(self, 'application/json'), ctx)}`,
  );
}

interface QueryablesDoc {
  $id?: unknown;
  title: string;
  properties: Record<string, Record<string, unknown>>;
}

/** The queryables' JSON Schema as a table: name, title, type (or geometry format), values, description. */
export function queryablesHtml(doc: QueryablesDoc, ctx: HtmlContext, collectionId: string): string {
  const t = TEXT[ctx.lang];
  const self = `${ctx.base}/collections/${collectionId}/queryables`;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const rows = Object.entries(doc.properties).map(([name, p]) => [
    name,
    text(p.title),
    text(p.format) || text(p.type) || (Array.isArray(p.type) ? p.type.join(' | ') : ''),
    Array.isArray(p.enum) ? p.enum.join(', ') : '',
    text(p.description),
  ]);
  const { title } = titled({ id: collectionId, title: doc.title, description: '', links: [] }, ctx.lang);
  return page(
    ctx,
    t.queryables(title),
    self,
    [
      `<p>${escapeHtml(t.queryablesIntro)}</p>`,
      table([t.name, t.title, t.type, t.values, t.description], rows),
      linkList(jsonOf(self, 'application/schema+json'), ctx),
    ].join('\n'),
  );
}

interface Operation {
  summary?: string;
  parameters?: { name?: string }[];
}

/** The OpenAPI document as a page: each path and method with its summary and parameters. */
export function apiHtml(doc: { paths?: Record<string, unknown> }, ctx: HtmlContext): string {
  const t = TEXT[ctx.lang];
  const self = `${ctx.base}/api`;
  const rows = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    Object.entries((item ?? {}) as Record<string, Operation>).map(([method, op]) => [
      `${method.toUpperCase()} ${path}`,
      op.summary ?? '',
      (op.parameters ?? []).map((p) => p.name ?? '').join(', '),
    ]),
  );
  return page(
    ctx,
    t.api,
    self,
    [
      `<p>${escapeHtml(t.apiIntro)}</p>`,
      table([t.path, t.summary, t.parameters], rows),
      linkList(jsonOf(self, 'application/vnd.oai.openapi+json;version=3.0'), ctx),
    ].join('\n'),
  );
}

/**
 * The document as it is (JSON, serialised by the route's schema), or its HTML page when the
 * request asks for one; either way the answer says it varies by Accept.
 */
export function negotiated<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  base: string,
  doc: T,
  render: (doc: T, ctx: HtmlContext) => string,
): T | FastifyReply {
  reply.header('vary', HTML_VARY);
  if (formatOf(request) === 'json') return doc;
  return reply.type('text/html; charset=utf-8').send(render(doc, htmlContext(request, base)));
}
