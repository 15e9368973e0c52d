import { FieldError } from './FieldError.tsx';
import { describedBy } from './national-editor.ts';

const LEVELS = ['1', '2', '3', '4', '5'] as const;

/** A preparedness level, 1 to 5, as radio buttons; a pick is sent at once. */
export function LevelScale({
  name,
  legend,
  isChecked,
  onPick,
  disabled,
  errors,
}: {
  name: 'preparedness_level' | 'us_preparedness_level';
  legend: string;
  isChecked: (level: (typeof LEVELS)[number]) => boolean;
  onPick: (level: (typeof LEVELS)[number]) => void;
  disabled: boolean;
  errors: Record<string, string>;
}) {
  return (
    <>
      <fieldset className="radio-scale" aria-describedby={describedBy(errors, name)}>
        <legend>{legend}</legend>
        {LEVELS.map((level) => (
          <label key={level} className="radio">
            <input
              type="radio"
              name={name}
              value={level}
              checked={isChecked(level)}
              disabled={disabled}
              onChange={() => onPick(level)}
            />
            {level}
          </label>
        ))}
      </fieldset>
      <FieldError errors={errors} name={name} />
    </>
  );
}
