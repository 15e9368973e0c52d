import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import { type ErrorBody, HttpError } from '../http/errors.ts';

function body(statusCode: number, message: string, validationErrors?: Record<string, string>): ErrorBody {
  return {
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    message,
    ...(validationErrors ? { validationErrors } : {}),
  };
}

/** `/priority_fires/2/percent_contained` → `priority_fires.2.percent_contained`. */
function fieldPath(instancePath: string | undefined, params: Record<string, unknown> | undefined): string {
  const path = (instancePath ?? '').replace(/^\//, '').split('/').filter(Boolean).join('.');
  const missing = params?.missingProperty;
  if (typeof missing === 'string') return path ? `${path}.${missing}` : missing;
  return path;
}

export const NUL_MESSAGE = 'Must not contain a NUL character';

/**
 * Every string (values and keys) of a parsed JSON body that holds U+0000, keyed by its path
 * (`priority_fires.2.comments_en`); PostgreSQL text columns reject it. At most `limit` paths.
 */
export function nulPaths(value: unknown, limit = 50): Record<string, string> {
  const out: Record<string, string> = {};
  let count = 0;
  const walk = (v: unknown, path: string) => {
    if (count >= limit) return;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) {
        out[path || 'body'] = NUL_MESSAGE;
        count++;
      }
      return;
    }
    if (Array.isArray(v)) {
      for (const [i, item] of v.entries()) walk(item, path ? `${path}.${i}` : String(i));
      return;
    }
    if (v && typeof v === 'object') {
      for (const [key, item] of Object.entries(v)) {
        const child = path ? `${path}.${key.replaceAll('\u0000', '\\0')}` : key.replaceAll('\u0000', '\\0');
        if (key.includes('\u0000') && count < limit) {
          out[child] = NUL_MESSAGE;
          count++;
        }
        walk(item, child);
      }
    }
  };
  walk(value, '');
  return out;
}

/**
 * One JSON error shape for everything: validation (400 naming the field), malformed JSON (400),
 * oversized bodies (413), unknown routes (404). A 5xx says "Internal server error" and is logged.
 */
export function registerErrors(app: FastifyInstance): void {
  // A NUL anywhere in a JSON body: 400 naming the field, before any route sees it (PostgreSQL
  // text refuses U+0000, so it would otherwise end as a 500 on one engine only). Raw bodies
  // (the fire import's CSV and GeoJSON text) are checked row by row by their own rules.
  // The same for query strings (`?item=%00`), which reach the SQL as text just the same.
  app.addHook('preValidation', async (request) => {
    for (const [context, value] of [
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      if (value === null || typeof value !== 'object') continue;
      const validationErrors = nulPaths(value);
      const fields = Object.keys(validationErrors);
      if (fields.length === 0) continue;
      throw new HttpError(
        400,
        `Invalid ${context}: ${fields.map((f) => `${f}: ${NUL_MESSAGE}`).join('; ')}`,
        { validationErrors },
      );
    }
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(body(404, `Route ${request.method} ${request.url.split('?')[0]} not found`));
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      if (error.statusCode >= 500) request.log.warn({ err: error }, 'request failed');
      return reply.code(error.statusCode).send(body(error.statusCode, error.message, error.validationErrors));
    }
    if (error.validation) {
      const context = error.validationContext ?? 'request';
      const validationErrors: Record<string, string> = {};
      for (const issue of error.validation) {
        const key =
          fieldPath(issue.instancePath, issue.params as Record<string, unknown> | undefined) || context;
        validationErrors[key] ??= issue.message ?? 'is invalid';
      }
      const summary = Object.entries(validationErrors)
        .map(([field, message]) => `${field}: ${message}`)
        .join('; ');
      return reply.code(400).send(body(400, `Invalid ${context}: ${summary}`, validationErrors));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      let message = error.message;
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') message = 'Request body is too large';
      else if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY')
        message = `Request body is not valid JSON: ${error.message}`;
      else if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
        message = 'Request body is empty but declared as JSON';
      else if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
        message = `Unsupported content type: ${request.headers['content-type'] ?? 'none'}`;
      return reply.code(status).send(body(status, message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(body(500, 'Internal server error'));
  });
}
