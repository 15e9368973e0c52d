import { getIn } from '../../shared/editing/field-path.ts';
import { DecimalInput } from '../../shared/format/DecimalInput.tsx';
import { ErrorText } from './ErrorText.tsx';
import { describedBy, fieldId } from './field-id.ts';
import { useForm } from './useForm.ts';

interface NumberFieldProps {
  name: string;
  label: string;
  integer?: boolean;
  min?: number;
  max?: number;
  required?: boolean;
  dip?: boolean;
  disabled?: boolean;
}

/** A count (browser number field) or a decimal in the page's language; `dip` fields are off under a dip feed. */
export function NumberField({
  name,
  label,
  integer = true,
  min = 0,
  max,
  required,
  dip,
  disabled,
}: NumberFieldProps) {
  const f = useForm();
  const value = getIn(f.form, name);
  const off = f.disabled || disabled || (dip && f.dipFeed);
  return (
    <div className="field">
      <label htmlFor={fieldId(name)}>{label}</label>
      {integer ? (
        <input
          id={fieldId(name)}
          name={name}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          required={required}
          disabled={off}
          value={typeof value === 'number' ? value : ''}
          aria-invalid={f.errors[name] ? true : undefined}
          aria-describedby={describedBy(f.errors, name)}
          onChange={(e) => {
            const n = e.target.valueAsNumber;
            f.change(name, Number.isNaN(n) ? null : n, e.target);
          }}
          onBlur={(e) => f.blur(name, e.target)}
        />
      ) : (
        // Decimals in the page's language: "14445,9" in French (a browser number field would not).
        <DecimalInput
          id={fieldId(name)}
          name={name}
          min={min}
          max={max}
          required={required}
          disabled={off}
          value={typeof value === 'number' ? value : null}
          aria-invalid={f.errors[name] ? true : undefined}
          aria-describedby={describedBy(f.errors, name)}
          onValue={(n, el) => f.change(name, n, el)}
          onBlur={(e) => f.blur(name, e.target)}
        />
      )}
      <ErrorText name={name} />
    </div>
  );
}
