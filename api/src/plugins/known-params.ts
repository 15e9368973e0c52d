import { fieldError } from '@ciffc/contracts';
import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';
import { HttpError } from '../http/errors.ts';

/** A public read's address and the query parameters it takes (nginx refuses the rest itself). */
export interface QueryRule {
  path: string;
  params: readonly string[];
}

const rulesOf = new WeakMap<FastifyInstance, QueryRule[]>();

/**
 * Query parameters a route does not declare, or one given twice, are refused: 400 naming each,
 * with the parameters the route takes (docs/decisions.md, "Unknown query parameters"). A junk
 * parameter would otherwise be dropped by the schema and answered like the clean URL, but every
 * caching proxy keys on the raw URL, so `?x=<random>` made each request a miss that reached the
 * database; a misspelt filter (`?agnecy=bc`) would silently answer unfiltered data.
 */
export function registerKnownParams(app: FastifyInstance): void {
  const rules: QueryRule[] = [];
  rulesOf.set(app, rules);
  app.addHook('onRoute', (route) => {
    // A CORS preflight carries the URL of the request it asks about; it is answered on its own.
    if (route.url.startsWith('/documentation') || [route.method].flat().includes('OPTIONS')) return;
    // A page of the site is asked for with the address a visitor followed, trackers included.
    if (route.config?.anyQueryParameters) return;
    const allowed = declaredParams(route.schema?.querystring);
    if ([route.method].flat().includes('GET') && !route.schema?.security)
      rules.push({ path: route.url, params: [...allowed] });
    const check: preValidationHookHandler = (request, _reply, done) => {
      const query = queryOf(request);
      const unknown = Object.keys(query).filter((name) => !allowed.has(name));
      if (unknown.length > 0) return done(refusal(unknown, allowed));
      const repeated = Object.keys(query).filter((name) => Array.isArray(query[name]));
      if (repeated.length > 0) return done(repeatRefusal(repeated));
      done();
    };
    const before = route.preValidation;
    route.preValidation = before ? [check, ...(Array.isArray(before) ? before : [before])] : [check];
  });
}

/**
 * The public GET routes of `app` (no `security` in their schema) that refuse unknown parameters,
 * with the parameters each takes: the reads a cache keeps, where a junk parameter costs a miss.
 */
export function queryRules(app: FastifyInstance): readonly QueryRule[] {
  return rulesOf.get(app) ?? [];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads the parameters it knows and ignores the rest (the site's served pages). */
    anyQueryParameters?: boolean;
  }
}

const queryOf = (request: FastifyRequest) => (request.query ?? {}) as Record<string, unknown>;

/** The keys of a route's querystring schema (a zod object, possibly refined); none without one. */
function declaredParams(schema: unknown): ReadonlySet<string> {
  const shape = (schema as { shape?: unknown } | undefined)?.shape;
  return new Set(shape && typeof shape === 'object' ? Object.keys(shape) : []);
}

const shown = (names: readonly string[]) => names.slice(0, 20).map((name) => name.slice(0, 100));

function refusal(unknown: readonly string[], allowed: ReadonlySet<string>): HttpError {
  const expected = allowed.size ? [...allowed].join(', ') : 'none';
  const names = shown(unknown);
  return new HttpError(400, 'query.unknown_parameter', {
    params: { names: names.join(', ').slice(0, 500), expected },
    validationErrors: Object.fromEntries(
      names.map((name) => [name, fieldError('query.unknown_parameter', { names: name, expected })]),
    ),
  });
}

function repeatRefusal(repeated: readonly string[]): HttpError {
  const names = shown(repeated);
  return new HttpError(400, 'query.repeated_parameter', {
    params: { names: names.join(', ') },
    validationErrors: Object.fromEntries(
      names.map((name) => [name, fieldError('query.repeated_parameter', { names: name })]),
    ),
  });
}
