import { AGENCIES, type Locale, PRODUCT } from '@ciffc/contracts';

/** Where a mobilization goes to or comes from: an agency, the centre, the federal government, abroad. */
export const PLACES = [...AGENCIES.map((a) => a.code), 'ciffc', 'fed', 'intl'] as const;

export function placeLabel(code: string, locale: Locale): string {
  const agency = AGENCIES.find((a) => a.code === code);
  if (agency) return `${code.toUpperCase()} — ${agency.name[locale]}`;
  if (code === 'ciffc') return PRODUCT;
  if (code === 'fed') return locale === 'fr' ? 'Féd.' : 'Fed';
  if (code === 'intl') return locale === 'fr' ? 'Intl' : 'Intl';
  return code;
}

/** Column heading of a national mobilization grid column. */
export function columnLabel(code: string, locale: Locale): string {
  if (code === 'ciffc') return PRODUCT;
  if (code === 'fed') return locale === 'fr' ? 'Féd.' : 'Fed';
  if (code === 'intl') return 'Intl';
  return code.toUpperCase();
}
