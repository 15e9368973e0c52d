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

/**
 * One JSON error shape for everything: validation (400 naming the field), malformed JSON (400),
 * oversized bodies (413), unknown routes (404). A 5xx says "Internal server error" and is logged.
 */
export function registerErrors(app: FastifyInstance): void {
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
