import { getIn } from '../../shared/editing/field-path.ts';
import { ErrorText } from './ErrorText.tsx';
import { describedBy, fieldId } from './field-id.ts';
import { useForm } from './useForm.ts';

/** A preparedness scale: one radio per level, 1 to `labels.length`, each with its words. */
export function RadioScale({ name, label, labels }: { name: string; label: string; labels: string[] }) {
  const f = useForm();
  const value = getIn(f.form, name);
  return (
    <fieldset className="radio-scale" aria-describedby={describedBy(f.errors, name)}>
      <legend>{label}</legend>
      {labels.map((text, i) => {
        const v = i + 1;
        const id = `${fieldId(name)}-${v}`;
        return (
          <span key={v} className="radio">
            <input
              type="radio"
              id={id}
              name={name}
              value={v}
              checked={value === v}
              disabled={f.disabled}
              onChange={(e) => f.change(name, v, e.target)}
              onBlur={(e) => f.blur(name, e.target)}
            />
            <label htmlFor={id}>
              {v} - {text}
            </label>
          </span>
        );
      })}
      <ErrorText name={name} />
    </fieldset>
  );
}
