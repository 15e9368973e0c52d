import { EMPTY_RESOURCE_CHOICE, type MobilizationRow } from '@ciffc/contracts';
import { newKey } from './form-state.ts';

/** A new mobilization row: one of nothing yet, in `group` (grouped mobilizations) with its To and From. */
export const emptyMob = (group?: string, to = '', from = ''): MobilizationRow => ({
  key: newKey('m'),
  ...(group ? { group } : {}),
  to,
  from,
  resources: { ...EMPTY_RESOURCE_CHOICE, amount: 1 },
});
