import type { ApiErrorBody } from '@ciffc/contracts';

/** The one JSON error shape of the data API (its schema: ApiErrorBody in @ciffc/contracts). */
export type ErrorBody = ApiErrorBody;

export interface HttpErrorOptions {
  validationErrors?: Record<string, string> | undefined;
  headers?: Record<string, string> | undefined;
  /** The message's code in the site's catalogues, so it is shown in the user's language. */
  code?: string | undefined;
  params?: Record<string, string | number> | undefined;
  /**
   * What the refusal tells beside the message, sent at the top level of the body (a report's status
   * fields, an inventory's `locked` and `version_number`): the site redraws from them. Never on a 5xx.
   */
  fields?: Record<string, unknown> | undefined;
}

/**
 * The one error type of the data API, answered by the one handler (plugins/errors.ts). Its message
 * is safe to show the client, whatever its status.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly validationErrors: Record<string, string> | undefined;
  readonly headers: Record<string, string> | undefined;
  readonly code: string | undefined;
  readonly params: Record<string, string | number> | undefined;
  readonly fields: Record<string, unknown> | undefined;

  constructor(statusCode: number, message: string, options: HttpErrorOptions = {}) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.validationErrors = options.validationErrors;
    this.headers = options.headers;
    this.code = options.code;
    this.params = options.params;
    this.fields = options.fields;
  }
}

export const badRequest = (field: string, message: string) =>
  new HttpError(400, `${field}: ${message}`, { validationErrors: { [field]: message } });
export const unauthorized = (message = 'Authentication required') =>
  new HttpError(401, message, { headers: { 'www-authenticate': 'Bearer' } });
export const forbidden = (message = 'Not allowed') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
