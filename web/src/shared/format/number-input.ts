import type { Locale } from '@ciffc/contracts';

/** Spaces a French writer may put between thousands (plain, no-break, narrow no-break). */
const GROUP_SPACES = /[\s\u00a0\u202f]/g;

/**
 * Reads what a person typed in a number field of the given language: French takes the decimal
 * comma ("14445,9") and also the point; English takes the point and its thousands comma
 * ("14,445.9"). Empty text is null; anything else that is not a number is NaN.
 */
export function parseLocaleNumber(text: string, locale: Locale): number | null {
  let s = text.trim().replace(GROUP_SPACES, '');
  if (s === '') return null;
  if (locale === 'fr') {
    if (s.includes(',')) {
      // With a comma, the comma is the decimal mark and points are thousands separators.
      s = s.replaceAll('.', '').replace(',', '.');
    }
  } else s = s.replaceAll(',', '');
  return /^-?(\d+\.?\d*|\.\d+)$/.test(s) ? Number(s) : Number.NaN;
}

/** Shows a number for editing: no thousands separators, the decimal mark of the language. */
export function formatLocaleNumberInput(value: number | null | undefined, locale: Locale): string {
  if (value == null || Number.isNaN(value)) return '';
  const text = String(value);
  return locale === 'fr' ? text.replace('.', ',') : text;
}
