import { STATUS_CODES } from 'node:http';
import {
  type FieldError,
  fieldError,
  issueError,
  type ServerMessageCode,
  type ServerMessageParams,
  type ValidationErrors,
} from '@ciffc/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type ErrorBody, HttpError } from '../http/errors.ts';

/** The one shape from an error's code: its English text as `message`. */
function body(statusCode: number, error: HttpError): ErrorBody {
  return {
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    message: error.message,
    code: error.code,
    params: error.params,
    ...(error.validationErrors ? { validationErrors: error.validationErrors } : {}),
  };
}

const coded = (statusCode: number, code: ServerMessageCode, params?: ServerMessageParams) =>
  body(statusCode, new HttpError(statusCode, code, { params }));

/** `/priority_fires/2/percent_contained` → `priority_fires.2.percent_contained`. */
function fieldPath(instancePath: string | undefined, params: Record<string, unknown> | undefined): string {
  const path = (instancePath ?? '').replace(/^\//, '').split('/').filter(Boolean).join('.');
  const missing = params?.missingProperty;
  if (typeof missing === 'string') return path ? `${path}.${missing}` : missing;
  return path;
}

export const NUL_ERROR: FieldError = fieldError('field.nul');

/**
 * Deeper JSON than any form of the API needs (the deepest, GeoJSON coordinates inside features,
 * is under 10). A limit keeps every later walk (ours, zod's, the serializer's) far from the stack.
 */
export const MAX_JSON_DEPTH = 64;

export interface BodyProblems {
  /** Path of the first value nested deeper than MAX_JSON_DEPTH, if any. */
  tooDeep?: string;
  /** Paths of the strings (values and keys) holding U+0000, at most `limit`. */
  nul: ValidationErrors;
}

const childPath = (path: string, key: string) => {
  const safe = key.replaceAll('\u0000', '\\0');
  return path ? `${path}.${safe}` : safe;
};

/**
 * One iterative walk of a parsed JSON value (an explicit stack, never recursion: 4,000 nested
 * `[` in 8 KB must not overflow the call stack): how deep it goes, and where it holds a NUL.
 */
export function inspectJson(value: unknown, limit = 50): BodyProblems {
  const nul: ValidationErrors = {};
  let count = 0;
  const stack: { v: unknown; path: string; depth: number }[] = [{ v: value, path: '', depth: 0 }];
  while (stack.length > 0 && count < limit) {
    const { v, path, depth } = stack.pop() as { v: unknown; path: string; depth: number };
    if (typeof v === 'string') {
      if (v.includes('\u0000')) {
        nul[path || 'body'] = NUL_ERROR;
        count++;
      }
      continue;
    }
    // A raw body (a perimeter file's bytes) is no parsed JSON: its import checks it. Walked, a
    // 38 MB file became 38 million entries and ran the API out of memory.
    if (v === null || typeof v !== 'object' || ArrayBuffer.isView(v)) continue;
    if (depth >= MAX_JSON_DEPTH) return { tooDeep: path || 'body', nul };
    const entries = Array.isArray(v) ? v.map((item, i) => [String(i), item] as const) : Object.entries(v);
    // Pushed in reverse so paths come out in document order.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i] as readonly [string, unknown];
      const child = childPath(path, key);
      if (key.includes('\u0000') && count < limit) {
        nul[child] = NUL_ERROR;
        count++;
      }
      stack.push({ v: item, path: child, depth: depth + 1 });
    }
  }
  return { nul };
}

/**
 * Every string (values and keys) of a parsed JSON body that holds U+0000, keyed by its path
 * (`priority_fires.2.comments_en`); PostgreSQL text columns reject it. At most `limit` paths.
 */
export function nulPaths(value: unknown, limit = 50): ValidationErrors {
  return inspectJson(value, limit).nul;
}

/** Connection failures of pg and node (the database is stopped, restarting or unreachable). */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up)
  'SQLITE_BUSY',
  'SQLITE_CANTOPEN',
]);
const UNREACHABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
];

/** Seconds a client should wait before trying again when the database does not answer. */
const RETRY_AFTER_SECONDS = 5;

/** True when the error says the database could not be reached, not that the query was wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, hops = 0; e && typeof e === 'object' && hops < 5; hops++) {
    const { code, message, errors } = e as { code?: unknown; message?: unknown; errors?: unknown };
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && UNREACHABLE_MESSAGES.some((m) => message.includes(m))) return true;
    // Node's happy-eyeballs connect fails with an AggregateError of one error per address.
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** A 400 for a parsed query or body nested too deep or holding a NUL, or undefined when fine. */
function bodyProblem(context: 'querystring' | 'body', value: unknown): HttpError | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const { tooDeep, nul } = inspectJson(value);
  if (tooDeep !== undefined)
    return invalidRequest(context, { [tooDeep]: fieldError('field.too_deep', { max: MAX_JSON_DEPTH }) });
  return Object.keys(nul).length === 0 ? undefined : invalidRequest(context, nul);
}

/** 400 `request.invalid` for a query or body whose fields break the rules, each field with its code. */
function invalidRequest(part: string, validationErrors: ValidationErrors): HttpError {
  const summary = Object.entries(validationErrors)
    .map(([field, error]) => `${field}: ${error.message}`)
    .join('; ');
  return new HttpError(400, 'request.invalid', { params: { part, summary }, validationErrors });
}

/**
 * The body of a refused call (below 500): the one shape, the code and its parameters when given,
 * and the domain's own fields beside them (a report's status fields, an inventory's lock).
 */
function refusalBody(error: HttpError): ErrorBody & Record<string, unknown> {
  // The domain's fields first: none of them can stand in for the envelope's.
  return { ...error.fields, ...body(error.statusCode, error) };
}

/** A JSON error body sent as bytes, so no route's response schema can turn it into a 500. */
function sendError(reply: FastifyReply, payload: ErrorBody): FastifyReply {
  return reply.code(payload.statusCode).type('application/json; charset=utf-8').send(JSON.stringify(payload));
}

/** A refusal of the web framework (its parsers, its limits) as a code of the catalogue. */
function clientError(status: number, error: FastifyError, request: FastifyRequest): HttpError {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new HttpError(status, 'request.too_large');
  if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY')
    return new HttpError(status, 'request.invalid_json', { params: { detail: error.message } });
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return new HttpError(status, 'request.empty_json');
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    const type = request.headers['content-type'] ?? 'none';
    return new HttpError(status, 'request.unsupported_media_type', { params: { type } });
  }
  return new HttpError(status, 'request.refused', { params: { detail: error.message } });
}

/** Where a value sits in a parsed query or body (undefined when the path leads nowhere). */
function valueAt(root: unknown, path: readonly string[]): unknown {
  let value = root;
  for (const key of path) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * The schema's issues as field errors: fastify-type-provider-zod hands zod's issue over as
 * `keyword` (its code) and `params` (the rest); the request part gives the input back, so a
 * property the client left out is `field.required`.
 */
function schemaErrors(error: FastifyError, request: FastifyRequest, context: string): ValidationErrors {
  const part = (request as unknown as Record<string, unknown>)[context];
  const validationErrors: ValidationErrors = {};
  for (const issue of error.validation ?? []) {
    const params = (issue.params ?? {}) as Record<string, unknown>;
    const path = (issue.instancePath ?? '').split('/').filter(Boolean);
    const key = fieldPath(issue.instancePath, params) || context;
    const zodIssue = { ...params, code: issue.keyword, path, message: issue.message ?? '' };
    validationErrors[key] ??= issueError({ ...zodIssue, input: valueAt(part, path) } as Parameters<
      typeof issueError
    >[0]);
  }
  return validationErrors;
}

/**
 * One JSON error shape for everything: validation (400 naming the field), malformed JSON (400),
 * oversized bodies (413), unknown routes (404), the database unreachable (503 with Retry-After).
 * Any 5xx carries the request id in its body and is logged with it, so a report can be traced.
 */
export function registerErrors(app: FastifyInstance): void {
  // A NUL anywhere in a JSON body: 400 naming the field, before any route sees it (PostgreSQL
  // text refuses U+0000, so it would otherwise end as a 500 on one engine only). Raw bodies
  // (the fire import's CSV and GeoJSON text) are checked row by row by their own rules.
  // The same for query strings (`?item=%00`), which reach the SQL as text just the same.
  // The same walk refuses bodies nested deeper than MAX_JSON_DEPTH.
  // A callback hook, not an async one: it runs on every request, and a promise per hook shows up.
  app.addHook('preValidation', (request, _reply, done) => {
    done(bodyProblem('querystring', request.query) ?? bodyProblem('body', request.body));
  });

  app.setNotFoundHandler((request, reply) => {
    const params = { method: request.method, path: request.url.split('?')[0] ?? '' };
    sendError(reply, coded(404, 'http.route_not_found', params));
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      if (error.statusCode >= 500) {
        request.log.warn({ err: error, reqId: request.id }, 'request failed');
        return sendError(reply, {
          ...coded(error.statusCode, error.code, error.params),
          requestId: request.id,
        });
      }
      return sendError(reply, refusalBody(error));
    }
    if (error.validation) {
      const context = error.validationContext ?? 'request';
      return sendError(reply, refusalBody(invalidRequest(context, schemaErrors(error, request, context))));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500)
      return sendError(reply, refusalBody(clientError(status, error, request)));
    reply.header('cache-control', 'no-store');
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error, reqId: request.id }, 'database unavailable');
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return sendError(reply, { ...coded(503, 'service.database_unavailable'), requestId: request.id });
    }
    request.log.error({ err: error, reqId: request.id }, 'unhandled error');
    return sendError(reply, { ...coded(500, 'http.internal'), requestId: request.id });
  });
}
