import type { Locale } from '@ciffc/contracts';

/** Spaces a French writer may put between thousands (plain, no-break, narrow no-break). */
const SPACES = '\\s\\u00a0\\u202f';

/**
 * What a person typed in a number field: nothing, a number (with `plain` false when the text had
 * thousands marks, a sign, leading zeros or the other decimal mark, so the page says how it read
 * it), a decimal where a whole number is expected, or no number at all.
 */
export type NumberReading =
  | { kind: 'empty' }
  | { kind: 'number'; value: number; plain: boolean }
  | { kind: 'notWhole'; value: number }
  | { kind: 'notNumber' };

/**
 * Reads a number field's text in the page's language. English: point for decimals, comma or
 * space between thousands ("14,445.9"). French: comma for decimals, a space between thousands
 * ("14 445,9"); a point is read as the decimal mark when there is no comma ("14445.9"), and as a
 * thousands mark beside one ("1.234,5"). Thousands marks count only in groups of three, so
 * "12,5" on an English page is no number (it used to be read as 125).
 */
export function readNumber(text: string, locale: Locale, options: { integer?: boolean } = {}): NumberReading {
  const s = text.trim().replace(/^\u2212/, '-');
  if (s === '') return { kind: 'empty' };
  let decimal = '.';
  let groups = `,${SPACES}`;
  if (locale === 'fr') {
    decimal = s.includes(',') ? ',' : '.';
    groups = decimal === ',' ? `.${SPACES}` : SPACES;
  }
  const esc = decimal === '.' ? '\\.' : decimal;
  const pattern = new RegExp(`^([+-]?)(\\d{1,3}(?:[${groups}]\\d{3})+|\\d*)(?:${esc}(\\d*))?$`);
  const match = pattern.exec(s);
  const whole = match?.[2] ?? '';
  const fraction = match?.[3] ?? '';
  if (!match || (whole === '' && fraction === '')) return { kind: 'notNumber' };
  // One kind of thousands mark in one number ("1,234 567" is not a number).
  if (new Set(whole.replace(/\d/g, '')).size > 1) return { kind: 'notNumber' };
  const value = Number(`${match[1] === '-' ? '-' : ''}${whole.replace(/\D/g, '') || '0'}.${fraction || '0'}`);
  if (!Number.isFinite(value)) return { kind: 'notNumber' };
  if (options.integer && !Number.isInteger(value)) return { kind: 'notWhole', value };
  return {
    kind: 'number',
    value: value === 0 ? 0 : value,
    plain: s === formatLocaleNumberInput(value, locale),
  };
}

/** Shows a number for editing: no thousands separators, the decimal mark of the language. */
export function formatLocaleNumberInput(value: number | null | undefined, locale: Locale): string {
  if (value == null || Number.isNaN(value)) return '';
  const text = String(value);
  return locale === 'fr' ? text.replace('.', ',') : text;
}
