/**
 * Writes deploy/nginx/query-params.json: every public read's address and the query parameters it
 * takes, from the routes' own schemas, for nginx to refuse junk parameters without asking an
 * instance (deploy/render-nginx.mjs). `npm run query-rules -w api` after a route's parameters
 * change; `known-params.test.ts` fails until the file matches.
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type QueryRule, queryRules } from './known-params.ts';

export const QUERY_RULES_FILE = fileURLToPath(
  new URL('../../../deploy/nginx/query-params.json', import.meta.url),
);

/**
 * Static segments before parameters, segment by segment, as Fastify's router decides between two
 * routes that both match an address: nginx takes the first rule that matches.
 */
function byRouterPriority(a: QueryRule, b: QueryRule): number {
  const as = a.path.split('/');
  const bs = b.path.split('/');
  for (let i = 0; i < Math.min(as.length, bs.length); i++) {
    const ap = (as[i] ?? '').startsWith(':');
    const bp = (bs[i] ?? '').startsWith(':');
    if (ap !== bp) return ap ? 1 : -1;
    if (as[i] !== bs[i]) return (as[i] ?? '') < (bs[i] ?? '') ? -1 : 1;
  }
  return as.length - bs.length;
}

/** The file's text: the rules of the routes under /v1, in the router's order. */
export async function queryRulesText(): Promise<string> {
  const config = loadConfig(
    { NODE_ENV: 'test' },
    { sqliteFile: ':memory:', logLevel: 'silent', jwtSecret: randomBytes(32).toString('hex') },
  );
  const app = await buildApp({ config, migrate: false });
  await app.ready();
  const rules = queryRules(app)
    .filter((rule) => rule.path.startsWith('/v1/'))
    .map((rule) => ({ path: rule.path, params: [...rule.params].sort() }))
    .sort(byRouterPriority);
  await app.close();
  // One rule a line: a route's change is one line of the diff.
  return `[\n${rules.map((rule) => `  ${JSON.stringify(rule)}`).join(',\n')}\n]\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(QUERY_RULES_FILE, await queryRulesText());
  console.log(`wrote ${QUERY_RULES_FILE}`);
}
