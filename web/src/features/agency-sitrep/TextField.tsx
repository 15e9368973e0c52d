import { inputLimits, isIsoDate } from '@ciffc/contracts';
import type { ChangeEvent, FocusEvent } from 'react';
import { useIntl } from 'react-intl';
import { getIn } from '../../shared/editing/field-path.ts';
import { LongDay } from '../../shared/format/LongDay.tsx';
import { ErrorText } from './ErrorText.tsx';
import { describedBy, fieldId } from './field-id.ts';
import { useForm } from './useForm.ts';

/**
 * A line, a date, a telephone number or (multiline) a text box. A date is typed as YYYY-MM-DD (the
 * all-numeric form both official languages use in Canada) in a text box, and said back in words in
 * the page's language: a browser's date picker shows the browser's language and order instead.
 */
export function TextField({
  name,
  label,
  multiline,
  required,
  type = 'text',
  list,
  disabled,
  onValue,
  readAs,
  maxLength,
}: {
  name: string;
  label: string;
  multiline?: boolean;
  required?: boolean;
  type?: 'text' | 'tel' | 'date';
  list?: string;
  disabled?: boolean;
  onValue?: (value: string) => void;
  /** The value said in words beside the box (an agency's name for its code), or null. */
  readAs?: (value: string) => string | null;
  /** Its most characters; by default its registry entry's, so the page takes no more than the server keeps. */
  maxLength?: number;
}) {
  const f = useForm();
  const intl = useIntl();
  const limits = inputLimits(name);
  const value = getIn(f.form, name);
  const isDate = type === 'date';
  const day = isDate && typeof value === 'string' && isIsoDate(value.trim()) ? value.trim() : null;
  const words = readAs && typeof value === 'string' && value.trim() ? readAs(value.trim()) : null;
  const readId = `${fieldId(name)}-read`;
  const formatId = `${fieldId(name)}-format`;
  const common = {
    id: fieldId(name),
    name,
    required,
    maxLength: maxLength ?? (limits && 'maxLength' in limits ? limits.maxLength : undefined),
    disabled: f.disabled || disabled,
    value: typeof value === 'string' ? value : '',
    'aria-invalid': f.errors[name] ? true : undefined,
    'aria-describedby':
      [describedBy(f.errors, name), isDate ? formatId : undefined, day || words ? readId : undefined]
        .filter(Boolean)
        .join(' ') || undefined,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      f.change(name, e.target.value, e.target);
      onValue?.(e.target.value);
    },
    onBlur: (e: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => f.blur(name, e.target),
  };
  return (
    <div className="field">
      <label htmlFor={fieldId(name)}>{label}</label>
      {multiline ? (
        <textarea rows={4} {...common} />
      ) : (
        <input
          type={isDate ? 'text' : type}
          inputMode={isDate ? 'numeric' : undefined}
          autoComplete={isDate ? 'off' : undefined}
          list={list}
          {...common}
        />
      )}
      {isDate ? (
        <span id={formatId} className="field-hint">
          {intl.formatMessage({ id: 'agencySitrep.dateFormat' })}
        </span>
      ) : null}
      {day ? (
        <span id={readId} className="field-hint">
          <LongDay day={day} />
        </span>
      ) : words ? (
        <span id={readId} className="field-hint">
          {words}
        </span>
      ) : null}
      <ErrorText name={name} />
    </div>
  );
}
