/** Number display of docs/spec/public-site.md section 9, for `en-CA` and `fr-CA`. */
export type Locale = 'en' | 'fr';
export const intlLocale = (locale: Locale) => (locale === 'fr' ? 'fr-CA' : 'en-CA');

/** Integers: 0 decimals, grouped. */
export function formatInteger(value: number, locale: Locale): string {
  return new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: 0 }).format(value);
}

/** Hectares, and the default for other numbers: 1 decimal with automatic grouping. */
export function formatDecimal(value: number, locale: Locale): string {
  return new Intl.NumberFormat(intlLocale(locale), {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(value);
}

/** Latitude and longitude: 4 decimals, no grouping. */
export function formatCoordinate(value: number, locale: Locale): string {
  return new Intl.NumberFormat(intlLocale(locale), {
    minimumFractionDigits: 4,
    maximumFractionDigits: 4,
    useGrouping: false,
  }).format(value);
}

/** Stat cards: above 10,000 shown with K, above 1,000,000 with M. */
export function formatStat(value: number, locale: Locale): string {
  const fmt = (v: number, suffix: string) =>
    `${new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: 1 }).format(v)}${locale === 'fr' ? '\u00a0' : ''}${suffix}`;
  if (Math.abs(value) > 1_000_000) return fmt(value / 1_000_000, 'M');
  if (Math.abs(value) > 10_000) return fmt(value / 1_000, 'K');
  return formatInteger(value, locale);
}
