import { PRODUCT } from '@ciffc/contracts';
import {
  isEmbeddablePath,
  isSitePath,
  LEGACY_REDIRECTS,
  legacyRedirectPatterns,
  reportDateOf,
  SITE_ROUTES,
} from '@ciffc/contracts/site-routes';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './router.tsx';

/** Every full path pattern the router's tree answers, catch-alls left out. */
function flatten(tree: RouteObject[], base = ''): string[] {
  const paths: string[] = [];
  for (const route of tree) {
    const own =
      route.path === undefined ? base : route.path.startsWith('/') ? route.path : `${base}/${route.path}`;
    const full = own.replace(/\/+/g, '/') || '/';
    if (route.path?.endsWith('*') && !route.path.endsWith('/*')) continue;
    if (route.index || (route.path !== undefined && !route.children)) paths.push(full);
    if (route.children) {
      if (route.path !== undefined && route.children.every((c) => !c.index)) paths.push(full);
      paths.push(...flatten(route.children, full === '/' ? '' : full));
    }
  }
  return paths;
}

describe('the one list of the site’s addresses', () => {
  it('holds exactly the router’s pages; legacy paths are not routes (its catch-all leads them on)', () => {
    const routerPages = [...new Set(flatten(routes))];
    expect([...routerPages].sort()).toEqual([...SITE_ROUTES].sort());
    const legacy = new Set(legacyRedirectPatterns().map((r) => r.from));
    expect(routerPages.filter((path) => legacy.has(path))).toEqual([]);
  });

  it('spells legacy paths with the product’s name', () => {
    expect(LEGACY_REDIRECTS.map((r) => r.from)).toContain(`${PRODUCT.toLowerCase()}/sitrep`);
  });

  it('knows the pages, case-insensitive with or without a trailing slash, and nothing else', () => {
    for (const path of [
      '/',
      '/map',
      '/Statistics/',
      '/situation/2026-11-26',
      '/agency/sitrep/bc/approved',
      '/uploads/a/b.pdf',
      '/fr/sitrep-archive',
      '/ciffc/public/sitrep',
      '/forgot-password',
      '/reset-password',
    ])
      expect(isSitePath(path), path).toBe(true);
    for (const path of [
      '/no/such/page',
      '/sitemap.xml',
      '/robots.txt',
      '/situation/tomorrow',
      '/situation/2026-11-26/x',
      '/agency/nope',
      '/mapx',
      '/404',
    ])
      expect(isSitePath(path), path).toBe(false);
  });

  it('lets only the embedded map be framed, and reads a report date', () => {
    expect(isEmbeddablePath('/map')).toBe(true);
    expect(isEmbeddablePath('/map/')).toBe(true);
    expect(isEmbeddablePath('/')).toBe(false);
    expect(isEmbeddablePath('/dashboard')).toBe(false);
    expect(reportDateOf('/situation/2031-01-01')).toBe('2031-01-01');
    expect(reportDateOf('/situation/archive')).toBeUndefined();
  });
});
