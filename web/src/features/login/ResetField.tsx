import type { ReactNode, Ref } from 'react';

interface ResetFieldProps {
  id: string;
  label: ReactNode;
  type: 'email' | 'password';
  autoComplete: string;
  value: string;
  /** The field's error, shown under it and tied to it (aria-describedby); none when valid. */
  error?: ReactNode;
  /** A standing hint (the password rule), tied to the field too. */
  hint?: ReactNode;
  inputRef: Ref<HTMLInputElement>;
  onChange: (value: string) => void;
}

/**
 * A labelled, required input of the forgot and reset pages, as LoginPage's: the messages come from
 * the catalogue (the form is `noValidate`) and are tied to the input for screen readers.
 */
export function ResetField({
  id,
  label,
  type,
  autoComplete,
  value,
  error,
  hint,
  inputRef,
  onChange,
}: ResetFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        name={id}
        type={type}
        autoComplete={autoComplete}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
