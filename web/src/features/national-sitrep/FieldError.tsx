/** The error under a national form field, if it has one (its id is the field's aria-describedby). */
export function FieldError({ errors, name }: { errors: Record<string, string>; name: string }) {
  return errors[name] ? (
    <p id={`${name}-error`} className="field-error">
      {errors[name]}
    </p>
  ) : null;
}
