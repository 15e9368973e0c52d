import { ApiError, withQuery } from '../api/http.ts';
import { getToken } from '../auth/session.ts';

/**
 * A POST to the data API that outlives the page (fetch keepalive): the last save when the page is
 * hidden or closed. The shared request helper has no keepalive option, hence this small twin.
 */
export async function keepaliveJson<T>(
  path: string,
  query: Record<string, string | number | undefined>,
  body: unknown,
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(withQuery(path, query), {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      keepalive: true,
    });
  } catch (error) {
    throw new ApiError(error instanceof Error ? error.message : String(error), 0);
  }
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON (a gateway page): kept as text.
  }
  if (!response.ok) {
    const message = (parsed as { message?: unknown } | undefined)?.message;
    throw new ApiError(
      typeof message === 'string' ? message : response.statusText,
      response.status,
      parsed,
      true,
    );
  }
  return parsed as T;
}
