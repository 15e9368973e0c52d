import { type InputHTMLAttributes, useId, useLayoutEffect, useRef, useState } from 'react';
import { type IntlShape, useIntl } from 'react-intl';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import { formatLocaleNumberInput, type NumberReading, readNumber } from './number-input.ts';

type Passed = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange' | 'min' | 'max'>;

export interface NumberInputProps extends Passed {
  value: number | null | undefined;
  /** A count: a decimal is refused ("A whole number is expected"). */
  integer?: boolean;
  min?: number;
  max?: number;
  /**
   * The number read from the text; null when the text is empty or refused (no number, a decimal
   * in a count), which the input's validity then says, with the message of `validationMessage`.
   */
  onValue: (value: number | null, el: HTMLInputElement) => void;
  /** Shows the refusal under the field itself, for a field with no error line of its own (grid cells). */
  showMessage?: boolean;
}

/** Why a reading is refused, in the page's language; empty when it is accepted (or empty). */
function problem(
  reading: NumberReading,
  intl: IntlShape,
  integer: boolean,
  min?: number,
  max?: number,
): string {
  if (reading.kind === 'empty') return '';
  if (reading.kind === 'notNumber')
    return intl.formatMessage({ id: integer ? 'numberInput.notNumber' : 'numberInput.notNumberDecimal' });
  if (reading.kind === 'notWhole') return intl.formatMessage({ id: 'numberInput.whole' });
  const n = reading.value;
  if ((min !== undefined && n < min) || (max !== undefined && n > max)) {
    const lo = min === undefined ? '' : intl.formatNumber(min);
    const hi = max === undefined ? '' : intl.formatNumber(max);
    if (max === undefined) return intl.formatMessage({ id: 'numberInput.atLeast' }, { lo });
    if (min === undefined) return intl.formatMessage({ id: 'numberInput.atMost' }, { hi });
    return intl.formatMessage({ id: 'numberInput.range' }, { lo, hi });
  }
  return '';
}

/**
 * The one number field of the data-entry screens. A browser's `type="number"` reads the browser's
 * own locale and silently turned a French "12,5" typed in a count into 125; this text field reads
 * the page language's decimal and thousands marks (number-input.ts), refuses text, a decimal in a
 * count and a value outside `min`/`max` with a message in the page's language (its custom
 * validity, so the forms' error lines and Submit follow it), and says what it read when the text
 * was not the plain form of the number ("Read as 1,234", « Lu : 1 234 »). It carries `data-number`.
 */
export function NumberInput({
  value,
  integer = false,
  min,
  max,
  onValue,
  showMessage = false,
  ...rest
}: NumberInputProps) {
  const { locale } = useLocale();
  const intl = useIntl();
  const ref = useRef<HTMLInputElement>(null);
  const ownId = useId();
  const id = rest.id ?? ownId;
  const [text, setText] = useState(() => formatLocaleNumberInput(value, locale));
  const shownLocale = useRef(locale);
  const reading = readNumber(text, locale, { integer });
  const message = problem(reading, intl, integer, min, max);

  // Follow the value from outside (loads, copies, language switch) unless the text already means it.
  useLayoutEffect(() => {
    const read = readNumber(text, locale, { integer });
    const same =
      (read.kind === 'number' && read.value === value) || (read.kind !== 'number' && value == null);
    if (!same || shownLocale.current !== locale) {
      shownLocale.current = locale;
      setText(formatLocaleNumberInput(value, locale));
    }
  }, [value, locale, text, integer]);

  useLayoutEffect(() => {
    ref.current?.setCustomValidity(message);
  }, [message]);

  const readAs =
    reading.kind === 'number' && !reading.plain && !message
      ? intl.formatMessage(
          { id: 'numberInput.readAs' },
          { value: intl.formatNumber(reading.value, { maximumFractionDigits: 20 }) },
        )
      : '';
  const describedBy =
    [
      rest['aria-describedby'],
      showMessage && message ? `${id}-problem` : undefined,
      readAs ? `${id}-read` : undefined,
    ]
      .filter(Boolean)
      .join(' ') || undefined;

  return (
    <>
      <input
        {...rest}
        ref={ref}
        id={id}
        type="text"
        inputMode={integer ? 'numeric' : 'decimal'}
        autoComplete="off"
        data-number=""
        value={text}
        aria-invalid={rest['aria-invalid'] ?? (message ? true : undefined)}
        aria-describedby={describedBy}
        onChange={(e) => {
          const next = e.target.value;
          const read = readNumber(next, locale, { integer });
          e.target.setCustomValidity(problem(read, intl, integer, min, max));
          setText(next);
          onValue(read.kind === 'number' ? read.value : null, e.target);
        }}
      />
      {showMessage && message ? (
        <span id={`${id}-problem`} className="field-error number-problem">
          {message}
        </span>
      ) : null}
      {readAs ? (
        <span id={`${id}-read`} className="field-hint number-read">
          {readAs}
        </span>
      ) : null}
    </>
  );
}
