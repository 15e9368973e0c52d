import { fieldError } from '@ciffc/contracts';
import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';
import { HttpError } from '../http/errors.ts';

/**
 * Query parameters a route does not declare are refused: 400 naming each, with the parameters the
 * route takes (docs/decisions.md, "Unknown query parameters"). A junk parameter would otherwise be
 * dropped by the schema and answered like the clean URL, but every caching proxy keys on the raw
 * URL, so `?x=<random>` made each request a miss that reached the database; a misspelt filter
 * (`?agnecy=bc`) would silently answer unfiltered data.
 */
export function registerKnownParams(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    // A CORS preflight carries the URL of the request it asks about; it is answered on its own.
    if (route.url.startsWith('/documentation') || [route.method].flat().includes('OPTIONS')) return;
    // A page of the site is asked for with the address a visitor followed, trackers included.
    if (route.config?.anyQueryParameters) return;
    const allowed = declaredParams(route.schema?.querystring);
    const check: preValidationHookHandler = (request, _reply, done) => {
      const unknown = Object.keys(queryOf(request)).filter((name) => !allowed.has(name));
      if (unknown.length === 0) return done();
      done(refusal(unknown, allowed));
    };
    const before = route.preValidation;
    route.preValidation = before ? [check, ...(Array.isArray(before) ? before : [before])] : [check];
  });
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

function refusal(unknown: readonly string[], allowed: ReadonlySet<string>): HttpError {
  const expected = allowed.size ? [...allowed].join(', ') : 'none';
  const names = unknown.slice(0, 20).map((name) => name.slice(0, 100));
  return new HttpError(400, 'query.unknown_parameter', {
    params: { names: names.join(', ').slice(0, 500), expected },
    validationErrors: Object.fromEntries(
      names.map((name) => [name, fieldError('query.unknown_parameter', { names: name, expected })]),
    ),
  });
}
