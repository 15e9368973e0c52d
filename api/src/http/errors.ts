import {
  type ApiErrorBody,
  englishMessage,
  fieldError,
  type ServerMessageCode,
  type ServerMessageParams,
  type ValidationErrors,
} from '@ciffc/contracts';

/** The one JSON error shape of the data API (its schema: ApiErrorBody in @ciffc/contracts). */
export type ErrorBody = ApiErrorBody;

export interface HttpErrorOptions {
  /** The code's parameters (sent as `params`, filled into the English message). */
  params?: ServerMessageParams | undefined;
  /** The field the refusal is about: the message names it and `validationErrors` holds the code. */
  field?: string | undefined;
  validationErrors?: ValidationErrors | undefined;
  headers?: Record<string, string> | undefined;
  /**
   * What the refusal tells beside the message, sent at the top level of the body (a report's status
   * fields, an inventory's `locked` and `version_number`): the site redraws from them. Never on a 5xx.
   */
  fields?: Record<string, unknown> | undefined;
}

/**
 * The one error type of the data API, answered by the one handler (plugins/errors.ts). It carries a
 * code of the one catalogue (SERVER_MESSAGES in @ciffc/contracts) that the site renders in the
 * user's language; its message is the code's English text, safe to show the client.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: ServerMessageCode;
  readonly params: ServerMessageParams;
  readonly validationErrors: ValidationErrors | undefined;
  readonly headers: Record<string, string> | undefined;
  readonly fields: Record<string, unknown> | undefined;

  constructor(statusCode: number, code: ServerMessageCode, options: HttpErrorOptions = {}) {
    const params = options.params ?? {};
    const text = englishMessage(code, params);
    super(options.field ? `${options.field}: ${text}` : text);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.code = code;
    this.params = params;
    this.validationErrors =
      options.validationErrors ?? (options.field ? { [options.field]: fieldError(code, params) } : undefined);
    this.headers = options.headers;
    this.fields = options.fields;
  }
}

/** 400 about one field of the query or body. */
export const badRequest = (field: string, code: ServerMessageCode, params?: ServerMessageParams) =>
  new HttpError(400, code, { field, params });
export const unauthorized = (code: ServerMessageCode = 'auth.required') =>
  new HttpError(401, code, { headers: { 'www-authenticate': 'Bearer' } });
export const forbidden = (code: ServerMessageCode, params?: ServerMessageParams) =>
  new HttpError(403, code, { params });
export const notFound = (code: ServerMessageCode, params?: ServerMessageParams) =>
  new HttpError(404, code, { params });
