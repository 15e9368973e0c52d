import type { AgencySitrepData } from '@ciffc/contracts';
import { useForm } from './useForm.ts';
import { useT } from './useT.ts';

/** The rows of a repeated section with Add (not sent until the next valid blur) and Remove (after a confirm). */
export function useRowActions<K extends 'priority_fires' | 'mobs_grouped' | 'mobs' | 'demobs' | 'rars'>(
  list: K,
) {
  const f = useForm();
  const t = useT();
  const rows = (f.form[list] ?? []) as NonNullable<AgencySitrepData[K]>;
  return {
    rows,
    // An added row is empty: it is sent with the next valid blur, not on its own.
    add: (row: NonNullable<AgencySitrepData[K]>[number]) =>
      f.replace({ [list]: [...rows, row] } as Partial<AgencySitrepData>, { queue: false }),
    remove: (index: number) => {
      if (!window.confirm(t('confirm.delete'))) return;
      f.replace({ [list]: rows.filter((_, i) => i !== index) } as Partial<AgencySitrepData>);
    },
  };
}
