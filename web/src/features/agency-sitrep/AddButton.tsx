import { useForm } from './useForm.ts';
import { useT } from './useT.ts';

/** Add a row (or a group, with its own label). Hidden while the form is disabled. */
export function AddButton({ onClick, label }: { onClick: () => void; label?: string }) {
  const f = useForm();
  const t = useT();
  if (f.disabled) return null;
  return (
    <button type="button" className="button button-secondary" onClick={onClick}>
      {label ?? t('action.add')}
    </button>
  );
}
