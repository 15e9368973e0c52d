import {
  FIRE_COUNT_MAX,
  HECTARES_MAX,
  REPORT_FIELD_BOUNDS,
  RESOURCE_COUNT_MAX,
  reportField,
} from '@ciffc/contracts';
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
 * The contract's bound for a field: a number of the report has its registry entry's; a list row's
 * amount or availability is a number of resources, any other count a number of fires.
 */
function defaultMax(name: string, integer: boolean): number {
  const own = reportField(name);
  if (own) return REPORT_FIELD_BOUNDS[own.kind].max;
  if (!integer) return HECTARES_MAX;
  return /(\.amount$|\.available$)/.test(name) ? RESOURCE_COUNT_MAX : FIRE_COUNT_MAX;
}

/** A count or a decimal in the page's language, within its bounds; `dip` fields are off under a dip feed. */
export function NumberField({
  name,
  label,
  integer = true,
  min = 0,
  max,
  required,
  dip,
  disabled,
  sectionInName,
}: NumberFieldProps) {
  const f = useForm();
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
        integer={integer}
        min={min}
        max={max ?? defaultMax(name, integer)}
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
