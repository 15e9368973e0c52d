/**
 * No wire schema written inline in a route file: a route declares its shapes by name from
 * `packages/contracts`, where the site reads the same ones (docs/decisions.md, "Contracts first"
 * and "Small modules"). Types read from a schema (`z.infer`) are not schemas and stay allowed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const root = path.join(import.meta.dirname, '..');
/** `routes.ts`, and a domain's other route files (`atom-routes.ts`, `wildfires-download-route.ts`). */
const ROUTE_FILE = /(^|-)routes?\.ts$/;
/** A zod schema built on the spot: `z.object(`, `z.string(`, `z.enum(` ... */
const INLINE_SCHEMA = /\bz\s*\.\s*[a-z]\w*\s*\(/;

it('no route file under api/src builds a wire schema inline (z.object, z.string ...)', () => {
  const routeFiles = readdirSync(path.join(root, 'api/src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => ROUTE_FILE.test(path.basename(file)))
    .map((file) => path.join('api/src', file));
  expect(routeFiles.length).toBeGreaterThan(20);
  const inline = routeFiles.flatMap((file) =>
    readFileSync(path.join(root, file), 'utf8')
      .split('\n')
      .flatMap((line, index) => (INLINE_SCHEMA.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
  );
  expect(inline).toEqual([]);
});
