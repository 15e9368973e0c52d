import { legacyRedirectPatterns } from '@ciffc/contracts/site-routes';
import { matchPath } from 'react-router';

/**
 * Paths of the previous site and where they lead now (docs/spec/public-site.md section 2, "Legacy
 * redirects"): the table is in @ciffc/contracts/site-routes, which the gateway and nginx read too. Each also
 * answers under /en and /fr; bare /en and /fr go to /. Queries are dropped (sitrep-archive "with or
 * without a date query").
 */
export { LANGUAGE_PREFIXES, LEGACY_REDIRECTS } from '@ciffc/contracts/site-routes';

/** Where a legacy path leads, or undefined when it is not one (case-insensitive, like the router). */
export function legacyRedirectTarget(pathname: string): string | undefined {
  for (const r of legacyRedirectPatterns()) {
    if (matchPath({ path: r.from, end: true, caseSensitive: false }, pathname)) return r.to;
  }
  return undefined;
}
