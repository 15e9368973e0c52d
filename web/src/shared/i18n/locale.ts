import { intlLocale, type Locale } from '@ciffc/contracts';

export type { Locale };
export { intlLocale };

export const LOCALES: readonly Locale[] = ['en', 'fr'];
export const DEFAULT_LOCALE: Locale = 'en';
export const LOCALE_KEY = 'ciffc.locale';

export function isLocale(value: unknown): value is Locale {
  return value === 'en' || value === 'fr';
}

/** `fr`, `fr-CA`, `FR` → fr; anything else → undefined. */
export function toLocale(value: string | null | undefined): Locale | undefined {
  const short = value?.slice(0, 2).toLowerCase();
  return isLocale(short) ? short : undefined;
}

export function readStoredLocale(): Locale {
  try {
    return toLocale(localStorage.getItem(LOCALE_KEY)) ?? DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

export function storeLocale(locale: Locale): void {
  try {
    localStorage.setItem(LOCALE_KEY, locale);
  } catch {
    // Not remembered; still applied for this visit.
  }
}
