/** Number display of docs/spec/public-site.md section 9, for `en-CA` and `fr-CA`. */
export type Locale = 'en' | 'fr';
export const intlLocale = (locale: Locale) => (locale === 'fr' ? 'fr-CA' : 'en-CA');

/**
 * One Intl.NumberFormat per language and style, made on first use: making one is costly (locale
 * data), and a page formats thousands of cells (the statistics' tables: a phone's main thread).
 */
const NUMBER_STYLES: Record<'integer' | 'decimal' | 'coordinate' | 'stat', Intl.NumberFormatOptions> = {
  integer: { maximumFractionDigits: 0 },
  decimal: { minimumFractionDigits: 1, maximumFractionDigits: 1 },
  coordinate: { minimumFractionDigits: 4, maximumFractionDigits: 4, useGrouping: false },
  stat: { maximumFractionDigits: 1 },
};
const formats = new Map<string, Intl.NumberFormat>();
function numberFormat(
  locale: Locale,
  style: 'integer' | 'decimal' | 'coordinate' | 'stat',
): Intl.NumberFormat {
  const key = `${locale}:${style}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(locale), NUMBER_STYLES[style]);
    formats.set(key, format);
  }
  return format;
}

/** Integers: 0 decimals, grouped. */
export function formatInteger(value: number, locale: Locale): string {
  return numberFormat(locale, 'integer').format(value);
}

/** Hectares, and the default for other numbers: 1 decimal with automatic grouping. */
export function formatDecimal(value: number, locale: Locale): string {
  return numberFormat(locale, 'decimal').format(value);
}

/** Latitude and longitude: 4 decimals, no grouping. */
export function formatCoordinate(value: number, locale: Locale): string {
  return numberFormat(locale, 'coordinate').format(value);
}

/** Stat cards: above 10,000 shown with K, above 1,000,000 with M. */
export function formatStat(value: number, locale: Locale): string {
  const fmt = (v: number, suffix: string) =>
    `${numberFormat(locale, 'stat').format(v)}${locale === 'fr' ? '\u00a0' : ''}${suffix}`;
  if (Math.abs(value) > 1_000_000) return fmt(value / 1_000_000, 'M');
  if (Math.abs(value) > 10_000) return fmt(value / 1_000, 'K');
  return formatInteger(value, locale);
}
