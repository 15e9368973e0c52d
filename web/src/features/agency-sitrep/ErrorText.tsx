import { fieldId } from './field-id.ts';
import { useForm } from './useForm.ts';

/** The error under a field, if it has one (its id is the field's aria-describedby). */
export function ErrorText({ name }: { name: string }) {
  const { errors } = useForm();
  const message = errors[name];
  return message ? (
    <p id={`${fieldId(name)}-error`} className="field-error">
      {message}
    </p>
  ) : null;
}
