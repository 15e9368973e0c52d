// The site's addresses, once: the router's pages (web/src/app/router.tsx, whose flattened tree a
// test holds equal to SITE_ROUTES), the legacy redirects (web/src/app/legacy-redirects.ts), the
// pages the data API serves (api/src/site-pages), the gateway's 404s (gateway/src/server.ts) and
// nginx's (deploy/render-nginx.mjs). A package, so no part reaches into another's sources; plain
// JavaScript so that `node deploy/render-nginx.mjs` reads it as it is, before any install or build
// (docs/decisions.md, "Real status codes").

/**
 * Every page of the site, as React Router path patterns (docs/spec/public-site.md section 2).
 * `:date` is a report date (YYYY-MM-DD); any other `:name` is one path segment; `*` is the rest.
 */
export const SITE_ROUTES = [
  '/',
  '/dashboard',
  '/map',
  '/page',
  '/summary',
  '/page/:pageAlias',
  '/situation/archive',
  '/situation',
  '/data',
  '/situation/:date',
  '/national',
  '/statistics',
  '/login',
  '/forgot-password',
  '/reset-password',
  '/404',
  '/uploads/*',
  '/agency',
  '/agency/page',
  '/agency/page/:pageAlias',
  '/agency/sitrep',
  '/agency/sitrep/:agencyParam',
  '/agency/sitrep/:agencyParam/approved',
  '/agency/sitrep/:agencyParam/published',
  '/agency/national',
  '/agency/inventory',
  '/agency/inventory/input',
  '/agency/fire-feeds',
  '/agency/fires-import',
  '/agency/perimeters-import',
  '/agency/reports-and-exports',
];

/** Pages other sites may show in a frame (the dashboard's embedded mode). */
export const EMBEDDABLE_ROUTES = ['/map'];

/** The centre's abbreviation in legacy paths (PRODUCT of packages/contracts, lower case; a test compares). */
const p = 'ciffc';

/**
 * Paths of the previous site and where they lead now (docs/spec/public-site.md section 2, "Legacy
 * redirects"). "{product} fire-summary", "{product} sitrep" and "{product} public sitrep" are read
 * as path segments (`/ciffc/fire-summary`, `/ciffc/sitrep`, `/ciffc/public/sitrep`); the hyphenated
 * spellings are accepted too (docs/decisions.md, Site).
 */
export const LEGACY_REDIRECTS = [
  { from: 'national-fires', to: '/national' },
  { from: `${p}/fire-summary`, to: '/summary' },
  { from: `${p}-fire-summary`, to: '/summary' },
  ...[
    'daily-fires',
    'fires-by-year',
    'hectares-by-year',
    'fires-this-week',
    'fires-by-week-vs-avg',
    'fires-by-week-vs-last-year',
    'node/10',
    'node/11',
    'node/12',
    'node/14',
    'node/15',
    'node/16',
  ].map((from) => ({ from, to: '/statistics' })),
  { from: `${p}/sitrep`, to: '/situation' },
  { from: `${p}-sitrep`, to: '/situation' },
  { from: `${p}/public/sitrep`, to: '/situation' },
  { from: `${p}/public-sitrep`, to: '/situation' },
  { from: `${p}-public-sitrep`, to: '/situation' },
  { from: 'sitrep-archive', to: '/situation/archive' },
  { from: 'user/login', to: '/login' },
  { from: 'user', to: '/agency' },
  { from: 'national-inventory', to: '/agency/inventory' },
  { from: 'national-sitrep-input', to: '/agency/national' },
  { from: 'sitrep-input/:agencyCode', to: '/agency/sitrep' },
  { from: 'sitrep-input/nojs/:agencyCode', to: '/agency/sitrep' },
  { from: 'active-fires-map', to: '/' },
  { from: 'node/8', to: '/' },
];

export const LANGUAGE_PREFIXES = ['', 'en/', 'fr/'];

/** Every path pattern that redirects, with its target: the table under each prefix, plus /en and /fr. */
export function legacyRedirectPatterns() {
  const patterns = [
    { from: '/en', to: '/' },
    { from: '/fr', to: '/' },
  ];
  for (const prefix of LANGUAGE_PREFIXES) {
    for (const r of LEGACY_REDIRECTS) patterns.push({ from: `/${prefix}${r.from}`, to: r.to });
  }
  return patterns;
}

/**
 * Every pattern the site answers with a page (200): its pages and its legacy redirects; /404, the
 * page unknown addresses are sent to, answers 404 itself.
 */
export function knownPatterns() {
  return [...SITE_ROUTES.filter((p) => p !== '/404'), ...legacyRedirectPatterns().map((r) => r.from)];
}

/**
 * A pattern as a regular expression source: case-insensitive matching and an optional trailing
 * slash, as React Router matches; `:date` only a YYYY-MM-DD date. Usable by JavaScript and by
 * nginx's PCRE alike.
 */
export function patternRegex(pattern) {
  if (pattern === '/') return '^/$';
  const body = pattern
    .split('/')
    .slice(1)
    .map((segment) => {
      if (segment === '*') return '.*';
      if (segment === ':date') return '[0-9]{4}-[0-9]{2}-[0-9]{2}';
      if (segment.startsWith(':')) return '[^/]+';
      return segment.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
    })
    .join('/');
  return pattern.endsWith('/*') ? `^/${body}$` : `^/${body}/?$`;
}

/** @type {RegExp[] | undefined} */
let knownRegexes;

/**
 * Whether the site has a page at this path (no query): false means 404. The expressions are made at
 * the first call, not as the module loads: the site's pages load this module and never call it, and
 * making them was 20 ms of a phone's (4x slower CPU) first task on every page.
 */
export function isSitePath(pathname) {
  knownRegexes ??= knownPatterns().map((pattern) => new RegExp(patternRegex(pattern), 'i'));
  return knownRegexes.some((re) => re.test(pathname));
}

/** Whether this path is a page other sites may frame. */
export function isEmbeddablePath(pathname) {
  return EMBEDDABLE_ROUTES.some((pattern) => new RegExp(patternRegex(pattern), 'i').test(pathname));
}

/** The report date of a `/situation/YYYY-MM-DD` path, else undefined. */
export function reportDateOf(pathname) {
  return /^\/situation\/([0-9]{4}-[0-9]{2}-[0-9]{2})\/?$/i.exec(pathname)?.[1];
}
