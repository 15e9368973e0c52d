/**
 * One layering in every API domain: route → service → store (docs/decisions.md, "Small modules").
 * A route file parses the request, calls its domain's service and shapes the reply; it reaches no
 * SQL itself. So it imports no `store.ts` (its own domain's or another's), nothing of `api/src/db/`
 * (versions, tables, leases are the stores' business), and neither Kysely nor a module that builds
 * SQL with it (an import of `kysely`'s values, not only its types, marks such a module).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const root = path.join(import.meta.dirname, '..');
const apiSrc = path.join(root, 'api/src');
/** `routes.ts`, and a domain's other route files (`atom-routes.ts`, `wildfires-download-route.ts`). */
const ROUTE_FILE = /(^|-)routes?\.ts$/;
/** Every `from '...'` of a module, with whether the import is of types only. */
const IMPORT = /^\s*(import|export)\s+(type\s+)?[^'";]*?from\s+'([^']+)'/gms;

function importsOf(source: string): { specifier: string; typeOnly: boolean }[] {
  return [...source.matchAll(IMPORT)].map((m) => ({ specifier: m[3] ?? '', typeOnly: Boolean(m[2]) }));
}

/** Whether a module builds or runs SQL: it imports Kysely's values (`sql`, `Kysely` as a value ...). */
function buildsSql(file: string): boolean {
  if (!existsSync(file)) return false;
  return importsOf(readFileSync(file, 'utf8')).some((i) => i.specifier === 'kysely' && !i.typeOnly);
}

/** Why an import breaks the layering, or null when it does not. */
function layeringBreach(routeFile: string, specifier: string): string | null {
  if (specifier === 'kysely' || specifier.startsWith('kysely/')) return 'Kysely in a route file';
  if (!specifier.startsWith('.')) return null;
  const target = path.resolve(path.dirname(routeFile), specifier);
  const relative = path.relative(apiSrc, target);
  if (path.basename(target) === 'store.ts') return 'a store';
  if (relative.split(path.sep)[0] === 'db') return 'the database layer';
  if (buildsSql(target)) return 'a module that builds SQL';
  return null;
}

it('no route file under api/src reaches a store, the database layer or Kysely: routes call services', () => {
  const routeFiles = readdirSync(apiSrc, { recursive: true, encoding: 'utf8' })
    .filter((file) => ROUTE_FILE.test(path.basename(file)) && !file.endsWith('.test.ts'))
    .map((file) => path.join(apiSrc, file));
  expect(routeFiles.length).toBeGreaterThan(20);
  const breaches = routeFiles.flatMap((file) =>
    importsOf(readFileSync(file, 'utf8')).flatMap(({ specifier }) => {
      const why = layeringBreach(file, specifier);
      return why ? [`${path.relative(root, file)} imports ${specifier}: ${why}`] : [];
    }),
  );
  expect(breaches).toEqual([]);
});

it('the check itself sees a store, the database layer, Kysely and a module that builds SQL', () => {
  const route = path.join(apiSrc, 'fires/routes.ts');
  expect(layeringBreach(route, './store.ts')).toBe('a store');
  expect(layeringBreach(route, '../national-sitrep/store.ts')).toBe('a store');
  expect(layeringBreach(route, '../db/versions.ts')).toBe('the database layer');
  expect(layeringBreach(route, 'kysely')).toBe('Kysely in a route file');
  expect(layeringBreach(route, '../ogc/fires.ts')).toBe('a module that builds SQL');
  expect(layeringBreach(route, './service.ts')).toBeNull();
  expect(layeringBreach(route, '../http/cache.ts')).toBeNull();
});

/** A query built in place: Kysely's builders, or a `sql` template. */
const QUERY = /\.(selectFrom|updateTable|insertInto|deleteFrom|replaceInto)\(|\bsql`/;

it('no service under api/src builds a query itself: its SQL is in its store', () => {
  const services = readdirSync(apiSrc, { recursive: true, encoding: 'utf8' })
    .filter((file) => path.basename(file) === 'service.ts')
    .map((file) => path.join(apiSrc, file));
  expect(services.length).toBeGreaterThan(15);
  const breaches = services.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) =>
        QUERY.test(line) ? [`${path.relative(root, file)}:${i + 1}: ${line.trim()}`] : [],
      ),
  );
  expect(breaches).toEqual([]);
});
