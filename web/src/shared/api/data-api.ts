import { getToken } from '../auth/session.ts';
import { type RequestOptions, request } from './http.ts';

/**
 * The data API under `/v1`. A signed-in call carries the content system's token as a bearer
 * (docs/architecture.md, "How identity flows"); `auth: false` leaves it out for public calls that must
 * not vary by user.
 */
export function apiRequest<T>(path: string, options: RequestOptions & { auth?: boolean } = {}): Promise<T> {
  const { auth = true, ...rest } = options;
  const url = path.startsWith('/v1') ? path : `/v1${path.startsWith('/') ? '' : '/'}${path}`;
  return request<T>(url, { ...rest, token: rest.token ?? (auth ? getToken() : undefined) });
}

export const apiGet = <T>(
  path: string,
  options: Omit<RequestOptions, 'method' | 'body'> & { auth?: boolean } = {},
) => apiRequest<T>(path, { ...options, method: 'GET' });
