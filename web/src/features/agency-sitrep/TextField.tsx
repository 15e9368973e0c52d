import type { ChangeEvent, FocusEvent } from 'react';
import { getIn } from '../../shared/editing/field-path.ts';
import { ErrorText } from './ErrorText.tsx';
import { describedBy, fieldId } from './field-id.ts';
import { useForm } from './useForm.ts';

/** A line, a date, a telephone number or (multiline) a text box. */
export function TextField({
  name,
  label,
  multiline,
  required,
  type = 'text',
  list,
  disabled,
  onValue,
}: {
  name: string;
  label: string;
  multiline?: boolean;
  required?: boolean;
  type?: 'text' | 'tel' | 'date';
  list?: string;
  disabled?: boolean;
  onValue?: (value: string) => void;
}) {
  const f = useForm();
  const value = getIn(f.form, name);
  const common = {
    id: fieldId(name),
    name,
    required,
    disabled: f.disabled || disabled,
    value: typeof value === 'string' ? value : '',
    'aria-invalid': f.errors[name] ? true : undefined,
    'aria-describedby': describedBy(f.errors, name),
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      f.change(name, e.target.value, e.target);
      onValue?.(e.target.value);
    },
    onBlur: (e: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => f.blur(name, e.target),
  };
  return (
    <div className="field">
      <label htmlFor={fieldId(name)}>{label}</label>
      {multiline ? <textarea rows={4} {...common} /> : <input type={type} list={list} {...common} />}
      <ErrorText name={name} />
    </div>
  );
}
