import { intlLocale, type Locale } from '@ciffc/contracts';

export type { Locale };
export { intlLocale };

const DEFAULT_LOCALE: Locale = 'en';
export const LOCALE_KEY = 'ciffc.locale';

function isLocale(value: unknown): value is Locale {
  return value === 'en' || value === 'fr';
}

/** `fr`, `fr-CA`, `FR` → fr; anything else → undefined. */
export function toLocale(value: string | null | undefined): Locale | undefined {
  const short = value?.slice(0, 2).toLowerCase();
  return isLocale(short) ? short : undefined;
}

/** The query parameter that carries the language in a shared link (`docs/decisions.md`). */
const LANG_PARAM = 'lang';

function storedLocale(): Locale | undefined {
  try {
    return toLocale(localStorage.getItem(LOCALE_KEY));
  } catch {
    return undefined;
  }
}

/** The first of the browser's preferred languages that the site speaks (`fr-CA` → fr). */
export function browserLocale(languages: readonly string[]): Locale | undefined {
  for (const language of languages) {
    const locale = toLocale(language);
    if (locale) return locale;
  }
  return undefined;
}

/**
 * Language of a first render: the link's `?lang=` wins (a shared link keeps its language), then the
 * visitor's saved choice, then the browser's preferred languages, then English.
 */
export function initialLocale(search: string, languages: readonly string[]): Locale {
  const fromLink = new URLSearchParams(search).get(LANG_PARAM);
  return toLocale(fromLink) ?? storedLocale() ?? browserLocale(languages) ?? DEFAULT_LOCALE;
}

/**
 * The address with `lang` set to the current language, or undefined when it needs no change.
 * English, the default, is only written over an existing `lang` so ordinary addresses stay clean.
 */
export function withLangParam(href: string, locale: Locale): string | undefined {
  const url = new URL(href);
  const current = url.searchParams.get(LANG_PARAM);
  if (current === locale || (current === null && locale === DEFAULT_LOCALE)) return undefined;
  url.searchParams.set(LANG_PARAM, locale);
  return url.toString();
}

export function storeLocale(locale: Locale): void {
  try {
    localStorage.setItem(LOCALE_KEY, locale);
  } catch {
    // Not remembered; still applied for this visit.
  }
}
