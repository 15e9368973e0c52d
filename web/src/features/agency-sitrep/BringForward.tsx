import type { AgencySitrepData } from '@ciffc/contracts';
import { useForm } from './useForm.ts';
import { useT } from './useT.ts';

/** Bring forward (docs/spec/data-entry.md 4.5): nothing → alert; else confirm, then replace. */
export function BringForward({ fields }: { fields: (keyof AgencySitrepData)[] }) {
  const f = useForm();
  const t = useT();
  if (f.disabled) return null;
  const onClick = () => {
    const prev = f.previous as Record<string, unknown> | null;
    const has = (v: unknown) => (Array.isArray(v) ? v.length > 0 : v != null && v !== '');
    if (!prev || !fields.some((k) => has(prev[k]))) {
      window.alert(t('alert.nothingToBringForward'));
      return;
    }
    if (!window.confirm(t('confirm.bringForward'))) return;
    const patch: Record<string, unknown> = {};
    for (const k of fields) patch[k] = structuredClone(prev[k] ?? (Array.isArray(f.form[k]) ? [] : null));
    f.replace(patch as Partial<AgencySitrepData>);
  };
  // On its own line above the fields, not squeezed into their row.
  return (
    <p className="bring-forward">
      <button type="button" className="button button-secondary" onClick={onClick}>
        {t('action.bringForward')}
      </button>
    </p>
  );
}
