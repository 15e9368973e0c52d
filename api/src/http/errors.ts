/** The one JSON error shape of the data API. */
export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  /** Field path (dots, list indexes as numbers: `priority_fires.2.percent_contained`) → message. */
  validationErrors?: Record<string, string>;
  /** On a 5xx: the id the server logged the failure under, to quote when reporting it. */
  requestId?: string;
  /** The message as a code of the site's catalogues (SERVER_MESSAGES) and its parameters. */
  code?: string;
  params?: Record<string, string | number>;
}

/** An error whose message is safe to show the client, whatever its status. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly validationErrors: Record<string, string> | undefined;
  readonly headers: Record<string, string> | undefined;
  /** Optional: the message's code in the site's catalogues, so it is shown in the user's language. */
  readonly code: string | undefined;
  readonly params: Record<string, string | number> | undefined;

  constructor(
    statusCode: number,
    message: string,
    options: {
      validationErrors?: Record<string, string>;
      headers?: Record<string, string>;
      code?: string;
      params?: Record<string, string | number>;
    } = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.validationErrors = options.validationErrors;
    this.headers = options.headers;
    this.code = options.code;
    this.params = options.params;
  }
}

export const badRequest = (field: string, message: string) =>
  new HttpError(400, `${field}: ${message}`, { validationErrors: { [field]: message } });
export const unauthorized = (message = 'Authentication required') =>
  new HttpError(401, message, { headers: { 'www-authenticate': 'Bearer' } });
export const forbidden = (message = 'Not allowed') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
