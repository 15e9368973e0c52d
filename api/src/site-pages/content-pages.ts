import type { Locale } from '@ciffc/contracts';
import type { ContentHead } from './served-page.ts';

/**
 * The content system's public pages (`/page/{alias}`, the footer's among them) as the served page
 * needs them: name and body in one language. Asked with a short timeout and kept a minute, so a
 * shared link does not wait on the content system; an answer that could not be had is kept a few
 * seconds only (the next visitor asks again) and serves the generic head.
 */

/** The page in both languages; null: the content system has no such page. */
type Fetched = Record<Locale, ContentHead> | null;

const FOUND_MS = 60_000;
const FAILED_MS = 5_000;
const TIMEOUT_MS = 1_500;

interface Localization {
  locale?: string;
  Name?: string | null;
  Body?: string | null;
}
type Entry = Localization & { localizations?: Localization[] | { data?: { attributes?: Localization }[] } };

/** v5 flat entries, or v4 ones (`attributes`, `localizations.data[]`), as the site accepts both. */
function bothLanguages(raw: Entry & { attributes?: Entry }): Record<Locale, ContentHead> {
  const entry = raw.attributes ?? raw;
  const locs = Array.isArray(entry.localizations)
    ? entry.localizations
    : (entry.localizations?.data ?? []).map((l) => l.attributes ?? {});
  const en = { name: entry.Name ?? '', body: entry.Body ?? '' };
  const fr = locs.find((l) => l.locale === 'fr');
  // A page without its French text shows the English one (docs/spec/public-site.md section 3).
  return { en, fr: fr ? { name: fr.Name ?? en.name, body: fr.Body ?? en.body } : en };
}

async function fetchPage(cmsUrl: string, alias: string): Promise<Fetched> {
  const query = new URLSearchParams({
    'filters[Alias][$eq]': alias,
    locale: 'en',
    populate: 'localizations',
  });
  const res = await fetch(`${cmsUrl}/api/pages?${query}`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!res.ok) throw new Error(`content system answered ${res.status}`);
  const body = (await res.json()) as { data?: Entry[] | null };
  const entry = body.data?.[0];
  return entry ? bothLanguages(entry) : null;
}

/** Reads pages from the content system at `cmsUrl`, cached; undefined when it could not be asked. */
export function contentPageReader(cmsUrl: string, now: () => number = Date.now) {
  const cache = new Map<string, { until: number; page: Fetched | undefined }>();
  return async (alias: string, lang: Locale): Promise<ContentHead | null | undefined> => {
    const key = alias.toLowerCase();
    let kept = cache.get(key);
    if (!kept || kept.until <= now()) {
      const page = await fetchPage(cmsUrl, alias).catch(() => undefined);
      kept = { until: now() + (page === undefined ? FAILED_MS : FOUND_MS), page };
      // Bounded: unknown aliases are what a crawler sends most.
      if (cache.size > 500) cache.clear();
      cache.set(key, kept);
    }
    return kept.page === undefined || kept.page === null ? kept.page : kept.page[lang];
  };
}
