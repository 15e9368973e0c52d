import { PRODUCT } from '@ciffc/contracts';
import type { User } from '../auth/session.ts';
import type { Locale } from '../i18n/locale.ts';
import { request } from './http.ts';

/**
 * The content system (Strapi 5) under `/api`. Responses are v5 flat (`data[].Alias`,
 * `localizations[]`); the v4 shape (`attributes`, `localizations.data[].attributes`) is accepted
 * too, so a content system answering with `Strapi-Response-Format: v4` still works.
 */
interface CmsLocalization {
  locale?: string;
  Name?: string | null;
  Body?: string | null;
}
export interface CmsEntry {
  id: number;
  documentId?: string;
  Alias: string;
  Name?: string | null;
  Body?: string | null;
  locale?: string;
  localizations?: CmsLocalization[];
}

/** What a screen shows of a content entry, in one language. */
export interface LocalizedContent {
  id: number;
  alias: string;
  name: string;
  body: string;
}

type RawEntry = Record<string, unknown> & { id?: number; attributes?: Record<string, unknown> };

/** Flattens a v4 entry into the v5 shape; a v5 entry passes through. */
export function normalizeEntry(raw: RawEntry): CmsEntry {
  const flat = raw.attributes ? { id: raw.id, ...raw.attributes } : raw;
  const locs = flat.localizations as unknown;
  let localizations: CmsLocalization[] | undefined;
  if (Array.isArray(locs)) localizations = locs.map((l: RawEntry) => (l.attributes ?? l) as CmsLocalization);
  else if (locs && typeof locs === 'object' && Array.isArray((locs as { data?: unknown }).data)) {
    localizations = ((locs as { data: RawEntry[] }).data ?? []).map(
      (l) => (l.attributes ?? l) as CmsLocalization,
    );
  }
  return { ...(flat as unknown as CmsEntry), localizations };
}

/**
 * The localization matching the language replaces Name and Body; otherwise the entry's own
 * (English) text stays (docs/spec/public-site.md section 3, "Content page").
 */
export function localize(entry: CmsEntry, locale: Locale): LocalizedContent {
  let name = entry.Name ?? '';
  let body = entry.Body ?? '';
  if (entry.locale !== locale) {
    const match = entry.localizations?.find((l) => l.locale === locale);
    if (match) {
      name = match.Name ?? name;
      body = match.Body ?? body;
    }
  }
  return { id: entry.id, alias: entry.Alias, name, body };
}

interface ListResponse {
  data?: RawEntry[] | null;
}

async function list(path: string, query: Record<string, string>, token?: string, signal?: AbortSignal) {
  const res = await request<ListResponse>(path, { query, token, signal });
  return (res?.data ?? []).map(normalizeEntry);
}

const ENGLISH_WITH_LOCALIZATIONS = { locale: 'en', populate: 'localizations' } as const;

/** Aliases of every published static content: the feature list used for route gating. */
export async function fetchFeatureAliases(signal?: AbortSignal): Promise<string[]> {
  const entries = await list(
    '/api/static-contents',
    { 'fields[0]': 'Alias', 'pagination[pageSize]': '100', locale: 'en' },
    undefined,
    signal,
  );
  return entries.map((e) => e.Alias).filter((a): a is string => typeof a === 'string');
}

export type PageKind = 'pages' | 'agency-pages' | 'ciffc-pages';
const PAGE_PATH: Record<PageKind, string> = {
  pages: '/api/pages',
  'agency-pages': '/api/agency-pages',
  'ciffc-pages': `/api/${PRODUCT.toLowerCase()}-pages`,
};

/** One static content block by alias; `undefined` when there is none. */
export async function fetchStaticContent(alias: string, signal?: AbortSignal): Promise<CmsEntry | undefined> {
  const entries = await list(
    '/api/static-contents',
    { 'filters[Alias][$eq]': alias, ...ENGLISH_WITH_LOCALIZATIONS },
    undefined,
    signal,
  );
  return entries[0];
}

/** The navigation list of one page collection (agency and CIFFC pages need the token). */
export async function fetchPages(kind: PageKind, token?: string, signal?: AbortSignal): Promise<CmsEntry[]> {
  return list(
    PAGE_PATH[kind],
    { ...ENGLISH_WITH_LOCALIZATIONS, 'pagination[pageSize]': '100' },
    token,
    signal,
  );
}

/** One page by alias; `undefined` when there is none. */
export async function fetchPage(
  kind: PageKind,
  alias: string,
  token?: string,
  signal?: AbortSignal,
): Promise<CmsEntry | undefined> {
  const entries = await list(
    PAGE_PATH[kind],
    { 'filters[Alias][$eq]': alias, ...ENGLISH_WITH_LOCALIZATIONS },
    token,
    signal,
  );
  return entries[0];
}

/**
 * The content version: a number the content system bumps on every save of content.
 * `null` when the answer carries none (a content system without the route).
 */
export async function fetchContentVersion(signal?: AbortSignal): Promise<number | null> {
  const res = await request<{ version?: unknown }>('/api/content-version', { signal });
  return typeof res?.version === 'number' ? res.version : null;
}

export interface LoginResponse {
  jwt: string;
  user: User;
}

export function postLogin(identifier: string, password: string): Promise<LoginResponse> {
  return request<LoginResponse>('/api/auth/local', { method: 'POST', body: { identifier, password } });
}

/** Ends every token of the signed-in user at the content system (a sign-out). */
export function postLogout(token: string): Promise<{ ok: boolean }> {
  return request<{ ok: boolean }>('/api/auth/logout', { method: 'POST', body: {}, token });
}

/** Saves the signed-in user's language: the next sign-in applies it (PUT /api/users/me/preferred-locale). */
export function putPreferredLocale(token: string, preferredLocale: 'en' | 'fr'): Promise<unknown> {
  return request('/api/users/me/preferred-locale', { method: 'PUT', body: { preferredLocale }, token });
}

export function fetchMe(token: string, signal?: AbortSignal): Promise<User> {
  return request<User>('/api/users/me', { query: { populate: '*' }, token, signal });
}
