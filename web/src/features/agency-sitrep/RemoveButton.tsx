import { useForm } from './useForm.ts';
import { useT } from './useT.ts';

/** Remove a row; its accessible name says which (`Remove: BC-001`). Hidden while the form is disabled. */
export function RemoveButton({ onClick, label }: { onClick: () => void; label: string }) {
  const f = useForm();
  const t = useT();
  if (f.disabled) return null;
  return (
    <button
      type="button"
      className="button button-link"
      onClick={onClick}
      aria-label={`${t('action.remove')}: ${label}`}
    >
      {t('action.remove')}
    </button>
  );
}
