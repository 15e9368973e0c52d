import { PRODUCT } from '@ciffc/contracts';
import { matchPath } from 'react-router';

/**
 * Paths of the previous site and where they lead now (docs/spec/public-site.md section 2, "Legacy
 * redirects"). Each also answers under /en and /fr; bare /en and /fr go to /. Queries are
 * dropped (sitrep-archive "with or without a date query").
 *
 * "{product} fire-summary", "{product} sitrep" and "{product} public sitrep" are read as path
 * segments (`/ciffc/fire-summary`, `/ciffc/sitrep`, `/ciffc/public/sitrep`); the hyphenated
 * spellings are accepted too (docs/decisions.md, Site).
 */
const p = PRODUCT.toLowerCase();

export interface LegacyRedirect {
  from: string;
  to: string;
}

export const LEGACY_REDIRECTS: readonly LegacyRedirect[] = [
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

export const LANGUAGE_PREFIXES = ['', 'en/', 'fr/'] as const;

/** Every path pattern that redirects, with its target: the table under each prefix, plus /en and /fr. */
export function legacyRedirectPatterns(): LegacyRedirect[] {
  const patterns: LegacyRedirect[] = [
    { from: '/en', to: '/' },
    { from: '/fr', to: '/' },
  ];
  for (const prefix of LANGUAGE_PREFIXES) {
    for (const r of LEGACY_REDIRECTS) patterns.push({ from: `/${prefix}${r.from}`, to: r.to });
  }
  return patterns;
}

/** Where a legacy path leads, or undefined when it is not one (case-insensitive, like the router). */
export function legacyRedirectTarget(pathname: string): string | undefined {
  for (const r of legacyRedirectPatterns()) {
    if (matchPath({ path: r.from, end: true, caseSensitive: false }, pathname)) return r.to;
  }
  return undefined;
}
