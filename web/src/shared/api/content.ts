import { CACHE_SECONDS } from '@ciffc/contracts';
import {
  type QueryClient,
  type QueryKey,
  queryOptions,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useSession } from '../auth/hooks.ts';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import {
  type CmsEntry,
  fetchContentVersion,
  fetchFeatureAliases,
  fetchPage,
  fetchPages,
  fetchStaticContent,
  type LocalizedContent,
  localize,
  type PageKind,
} from './cms.ts';

const CONTENT_CACHE = { staleTime: CACHE_SECONDS * 1000, gcTime: CACHE_SECONDS * 1000 };

/** How often an open page asks whether content changed (a save shows within 60 s). */
export const CONTENT_VERSION_POLL_MS = 30_000;

/**
 * The content version, asked on focus and every 30 s. The gateway answers it from memory, so
 * polling costs the content system nothing; content itself is fetched again only when it moves.
 */
export const contentVersionQuery = queryOptions({
  queryKey: ['content-version'],
  queryFn: ({ signal }) => fetchContentVersion(signal),
  staleTime: 5_000,
  gcTime: CACHE_SECONDS * 1000,
  refetchInterval: CONTENT_VERSION_POLL_MS,
  refetchOnWindowFocus: true,
});

/** The first element of every content query key below. */
const CONTENT_KEYS = new Set(['static-contents', 'pages', 'agency-pages', 'ciffc-pages']);
export const isContentQuery = (key: QueryKey) =>
  typeof key[0] === 'string' && key[0].split('+').every((part) => CONTENT_KEYS.has(part));

// The version each query client last acted on: many hooks watch it, one invalidation per change.
const lastVersion = new WeakMap<QueryClient, number>();

/** Refetches the content queries when the content version moves (open pages follow saves). */
function useContentFollowsSaves() {
  const client = useQueryClient();
  const { data: version } = useQuery(contentVersionQuery);
  useEffect(() => {
    if (typeof version !== 'number') return;
    const last = lastVersion.get(client);
    lastVersion.set(client, version);
    if (last !== undefined && last !== version) {
      void client.invalidateQueries({ predicate: (query) => isContentQuery(query.queryKey) });
    }
  }, [client, version]);
}

const featureAliasesQuery = queryOptions({
  queryKey: ['static-contents', 'aliases'],
  queryFn: ({ signal }) => fetchFeatureAliases(signal),
  ...CONTENT_CACHE,
});

/**
 * The published feature aliases; `undefined` while loading, and also after a failure, so that a
 * content system outage does not lock the public out of every gated screen.
 */
export function useFeatureAliases(): readonly string[] | undefined {
  useContentFollowsSaves();
  const { data } = useQuery(featureAliasesQuery);
  return data;
}

const staticContentQuery = (alias: string) =>
  queryOptions({
    queryKey: ['static-contents', { alias }],
    queryFn: async ({ signal }) => (await fetchStaticContent(alias, signal)) ?? null,
    ...CONTENT_CACHE,
  });

function useLocalized<T extends CmsEntry | null>(entry: T | undefined) {
  const { locale } = useLocale();
  return entry ? localize(entry, locale) : entry === null ? null : undefined;
}

/** One static content block in the current language; `null` once known missing. */
export function useStaticContent(alias: string) {
  useContentFollowsSaves();
  const query = useQuery(staticContentQuery(alias));
  return { ...query, content: useLocalized(query.data) };
}

const pagesQuery = (kind: PageKind, token: string | undefined) =>
  queryOptions({
    queryKey: [kind, 'list', { signedIn: token ?? null }],
    queryFn: ({ signal }) => fetchPages(kind, token, signal),
    ...CONTENT_CACHE,
  });

/** A page collection for navigation, in the current language. Failures are only logged (section 8). */
export function useNavPages(kind: PageKind, enabled = true): LocalizedContent[] {
  useContentFollowsSaves();
  const token = useSession()?.jwt;
  const needsToken = kind !== 'pages';
  const { data, error } = useQuery({
    ...pagesQuery(kind, token),
    enabled: enabled && (!needsToken || !!token),
  });
  const { locale } = useLocale();
  useEffect(() => {
    if (error) console.error(`Loading ${kind} failed`, error);
  }, [error, kind]);
  // The same list while nothing changed, so that a memoised list of links is not drawn again.
  return useMemo(() => (data ?? []).map((entry) => localize(entry, locale)), [data, locale]);
}

const pageQuery = (kinds: readonly PageKind[], alias: string, token: string | undefined) =>
  queryOptions({
    queryKey: [kinds.join('+'), { alias, signedIn: token ?? null }],
    queryFn: async ({ signal }) => {
      // The first collection holding the alias wins (agency pages, then CIFFC pages for CIFFC users).
      for (const kind of kinds) {
        const entry = await fetchPage(kind, alias, token, signal);
        if (entry) return entry;
      }
      return null;
    },
    ...CONTENT_CACHE,
  });

/** One content page in the current language; `content` is null when it does not exist. */
export function useContentPage(kinds: readonly PageKind[], alias: string) {
  useContentFollowsSaves();
  const token = useSession()?.jwt;
  const query = useQuery(pageQuery(kinds, alias, kinds.includes('pages') ? undefined : token));
  return { ...query, content: useLocalized(query.data) };
}
