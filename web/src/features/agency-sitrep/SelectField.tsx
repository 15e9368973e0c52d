import { getIn } from '../../shared/editing/field-path.ts';
import { ErrorText } from './ErrorText.tsx';
import { describedBy, fieldId } from './field-id.ts';
import { useForm } from './useForm.ts';
import { useT } from './useT.ts';

/** A choice among `options`, with an empty "choose" first; `numeric` stores the value as a number. */
export function SelectField({
  name,
  label,
  options,
  numeric,
}: {
  name: string;
  label: string;
  options: { value: string | number; label: string }[];
  numeric?: boolean;
}) {
  const f = useForm();
  const t = useT();
  const value = getIn(f.form, name);
  return (
    <div className="field">
      <label htmlFor={fieldId(name)}>{label}</label>
      <select
        id={fieldId(name)}
        name={name}
        disabled={f.disabled}
        value={value == null ? '' : String(value)}
        aria-invalid={f.errors[name] ? true : undefined}
        aria-describedby={describedBy(f.errors, name)}
        onChange={(e) => {
          const v = e.target.value;
          f.change(name, v === '' ? null : numeric ? Number(v) : v, e.target);
        }}
        onBlur={(e) => f.blur(name, e.target)}
      >
        <option value="">{t('choose')}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <ErrorText name={name} />
    </div>
  );
}
