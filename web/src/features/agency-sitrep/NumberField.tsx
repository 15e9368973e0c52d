import { FIRE_COUNT_MAX, HECTARES_MAX, inputLimits } from '@ciffc/contracts';
import { getIn } from '../../shared/editing/field-path.ts';
import { NumberInput } from '../../shared/format/NumberInput.tsx';
import { ErrorText } from './ErrorText.tsx';
import { describedBy, fieldId } from './field-id.ts';
import { useSectionName } from './Section.tsx';
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
  /** Its section in its name ("Active – Modified response"): a label other sections repeat. */
  sectionInName?: boolean;
}

/**
 * The contract's bounds for a field: its registry entry's (a number of the report or of a list
 * row); a field no registry holds is a count of fires or an area.
 */
function registryBounds(name: string, integer: boolean | undefined) {
  const limits = inputLimits(name);
  if (limits && 'max' in limits) return limits;
  const whole = integer ?? true;
  return { min: 0, max: whole ? FIRE_COUNT_MAX : HECTARES_MAX, integer: whole };
}

/** A count or a decimal in the page's language, within its bounds; `dip` fields are off under a dip feed. */
export function NumberField({
  name,
  label,
  integer,
  min,
  max,
  required,
  dip,
  disabled,
  sectionInName,
}: NumberFieldProps) {
  const f = useForm();
  const bounds = registryBounds(name, integer);
  const section = useSectionName();
  const value = getIn(f.form, name);
  const off = f.disabled || disabled || (dip && f.dipFeed);
  return (
    <div className="field">
      <label htmlFor={fieldId(name)}>
        {label}
        {sectionInName && section ? (
          <>
            {' '}
            <span className="visually-hidden">– {section}</span>
          </>
        ) : null}
      </label>
      <NumberInput
        id={fieldId(name)}
        name={name}
        integer={integer ?? bounds.integer}
        min={min ?? bounds.min}
        max={max ?? bounds.max}
        required={required}
        disabled={off}
        value={typeof value === 'number' ? value : null}
        aria-invalid={f.errors[name] ? true : undefined}
        aria-describedby={describedBy(f.errors, name)}
        onValue={(n, el) => f.change(name, n, el)}
        onBlur={(e) => f.blur(name, e.target)}
      />
      <ErrorText name={name} />
    </div>
  );
}
