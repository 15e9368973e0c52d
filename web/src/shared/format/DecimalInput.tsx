import { type InputHTMLAttributes, useLayoutEffect, useRef, useState } from 'react';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import { formatLocaleNumberInput, parseLocaleNumber } from './number-input.ts';

type Passed = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange' | 'min' | 'max'>;

export interface DecimalInputProps extends Passed {
  value: number | null | undefined;
  /** The number read from the text (null when empty or unreadable), with the input for its validity. */
  onValue: (value: number | null, el: HTMLInputElement) => void;
  min?: number;
  max?: number;
}

/** Why a text is not an acceptable number; empty when it is (or when it is empty). */
function invalidity(text: string, n: number | null, min?: number, max?: number): string {
  if (n === null) return '';
  if (Number.isNaN(n)) return `not a number: ${text}`;
  if (min !== undefined && n < min) return `below ${min}`;
  if (max !== undefined && n > max) return `above ${max}`;
  return '';
}

/**
 * A decimal number field in the page's language. A browser's `type="number"` shows and reads the
 * browser's own locale, so French users saw "14445.9" beside totals "15 204,1"; this text field
 * with a decimal keyboard shows "14445,9" in French, reads both marks, and reports the number.
 * It carries `data-number` and a custom validity so the forms' "Invalid value." messages apply.
 */
export function DecimalInput({ value, onValue, min, max, ...rest }: DecimalInputProps) {
  const { locale } = useLocale();
  const ref = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(() => formatLocaleNumberInput(value, locale));
  const shownLocale = useRef(locale);

  // Follow the value from outside (loads, copies, language switch) unless the text already means it.
  useLayoutEffect(() => {
    const read = parseLocaleNumber(text, locale);
    const same = read === (value ?? null) || (read !== null && Number.isNaN(read) && value == null);
    if (!same || shownLocale.current !== locale) {
      shownLocale.current = locale;
      setText(formatLocaleNumberInput(value, locale));
    }
  }, [value, locale, text]);

  useLayoutEffect(() => {
    const el = ref.current;
    if (el) el.setCustomValidity(invalidity(text, parseLocaleNumber(text, locale), min, max));
  }, [text, locale, min, max]);

  return (
    <input
      {...rest}
      ref={ref}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      data-number=""
      value={text}
      onChange={(e) => {
        const next = e.target.value;
        const n = parseLocaleNumber(next, locale);
        e.target.setCustomValidity(invalidity(next, n, min, max));
        setText(next);
        onValue(n === null || Number.isNaN(n) ? null : n, e.target);
      }}
    />
  );
}
