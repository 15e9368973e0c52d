/** The one JSON error shape of the data API. */
export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  /** Field path (dots, list indexes as numbers: `priority_fires.2.percent_contained`) → message. */
  validationErrors?: Record<string, string>;
  /** On a 5xx: the id the server logged the failure under, to quote when reporting it. */
  requestId?: string;
}

/** An error whose message is safe to show the client, whatever its status. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly validationErrors: Record<string, string> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    statusCode: number,
    message: string,
    options: { validationErrors?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.validationErrors = options.validationErrors;
    this.headers = options.headers;
  }
}

export const badRequest = (field: string, message: string) =>
  new HttpError(400, `${field}: ${message}`, { validationErrors: { [field]: message } });
export const unauthorized = (message = 'Authentication required') =>
  new HttpError(401, message, { headers: { 'www-authenticate': 'Bearer' } });
export const forbidden = (message = 'Not allowed') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
