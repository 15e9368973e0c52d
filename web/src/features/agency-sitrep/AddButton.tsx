import { useSectionName } from './Section.tsx';
import { useForm } from './useForm.ts';
import { useT } from './useT.ts';

/**
 * Add a row (or a group, with its own label). Hidden while the form is disabled. Its name says
 * where ("Add another item – Priority fires"): the form has several, and a screen reader's list of
 * buttons shows names, not regions. `where` names a narrower place (a group).
 */
export function AddButton({
  onClick,
  label,
  where,
}: {
  onClick: () => void;
  label?: string;
  where?: string;
}) {
  const f = useForm();
  const t = useT();
  const section = useSectionName();
  if (f.disabled) return null;
  const place = where ?? section;
  return (
    <button type="button" className="button button-secondary" onClick={onClick}>
      {label ?? t('action.add')}
      {place ? (
        <>
          {' '}
          <span className="visually-hidden">– {place}</span>
        </>
      ) : null}
    </button>
  );
}
