import type { ValidationErrors } from '@ciffc/contracts';
/**
 * One error type for both back ends. `message` is the server's own message when the body carries
 * one (Strapi: `error.message`; data API: `message`), so screens can show it as the error
 * catalogue asks.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    /** HTTP status, or 0 when the request never got an answer (network failure, abort). */
    readonly status: number,
    /** The parsed response body, when there was one. */
    readonly body?: unknown,
    /** True when the message came from the server's response body. */
    readonly fromServer = false,
  ) {
    super(message);
  }

  /** Field errors of a data API 400 (`validationErrors`), keyed by field name. */
  get validationErrors(): ValidationErrors | undefined {
    const body = this.body as { validationErrors?: ValidationErrors } | undefined;
    return body && typeof body === 'object' ? body.validationErrors : undefined;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Query parameters; `undefined` values are left out. */
  query?: Record<string, string | number | boolean | undefined>;
  /** Sent as JSON. */
  body?: unknown;
  token?: string | undefined;
  signal?: AbortSignal | undefined;
  /** `text` for CSV exports; JSON otherwise. */
  responseType?: 'json' | 'text';
}

export function withQuery(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

function serverMessage(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const b = body as { error?: unknown; message?: unknown };
  if (b.error && typeof b.error === 'object') {
    const m = (b.error as { message?: unknown }).message;
    if (typeof m === 'string' && m) return m;
  }
  if (typeof b.message === 'string' && b.message) return b.message;
  return undefined;
}

/** fetch with JSON in and out, a bearer token when given, and ApiError on any failure. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let response: Response;
  try {
    response = await fetch(withQuery(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? null : JSON.stringify(options.body),
      signal: options.signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(error instanceof Error ? error.message : String(error), 0);
  }
  const text = await response.text();
  let body: unknown = text;
  if (options.responseType !== 'text' && text) {
    try {
      body = JSON.parse(text);
    } catch {
      if (response.ok) throw new ApiError('Invalid JSON response', response.status, text);
    }
  }
  if (!response.ok) {
    const message = serverMessage(body);
    throw new ApiError(
      message ?? `${response.status} ${response.statusText}`.trim(),
      response.status,
      body,
      !!message,
    );
  }
  return (options.responseType !== 'text' && !text ? undefined : body) as T;
}
