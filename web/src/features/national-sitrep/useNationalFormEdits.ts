import {
  addNationalMobRow,
  bringForwardNationalMobs,
  hasNationalMobsToBringForward,
  type MobRow,
  type NationalMobColumn,
  type NationalSitrepFields,
  removeNationalMobRow,
} from '@ciffc/contracts';
import type { FocusEvent } from 'react';
import type { NationalDraft } from './api.ts';
import type { NationalDraftState } from './useNationalDraftState.ts';
import type { NationalEditing } from './useNationalEditing.ts';

const without = <T>(errors: Record<string, T>, name: string) => {
  if (!(name in errors)) return errors;
  const { [name]: _, ...rest } = errors;
  return rest;
};

/**
 * What typing does to the national form: a change marks it unsent, leaving a field checks it and
 * queues a sync (5.1), and the row actions (mobilization rows, national mobilizations, bring
 * forward) change the form and queue at once.
 */
export function useNationalFormEdits(
  s: NationalDraftState,
  engine: NationalEditing['engine'],
  previous: NationalDraft['previous'] | undefined,
) {
  const { t, toast, dirty, setForm, setClientErrors } = s;

  const set = <K extends keyof NationalSitrepFields>(key: K, value: NationalSitrepFields[K]) => {
    dirty.current = true;
    engine.change();
    setForm((f) => (f ? { ...f, [key]: value } : f));
    s.setServerErrors((e) => without(e, key));
  };
  const queueNow = () => {
    engine.queue();
    dirty.current = false;
  };

  /** 5.1: on leaving a field, the browser's validity check; a valid changed field queues a sync. */
  const onBlurField = (event: FocusEvent<HTMLElement>, name: string) => {
    const el = event.target as HTMLInputElement;
    if (typeof el.checkValidity === 'function' && !el.checkValidity()) {
      const message = el.validity.valueMissing
        ? t('nationalSitrep.required')
        : el.dataset.number !== undefined
          ? // A number field says why in the page's language (a refusal or the allowed range).
            el.validationMessage || t('nationalSitrep.invalidValue')
          : t('nationalSitrep.invalidFormat');
      setClientErrors((e) => ({ ...e, [name]: message }));
      toast.error(t('nationalSitrep.notSent'));
      return;
    }
    setClientErrors((e) => without(e, name));
    if (dirty.current) queueNow();
  };

  const setRows = (field: 'mobs_grouped' | 'demobs', rows: MobRow[]) => {
    set(field, rows);
    setClientErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !k.startsWith(`${field}.`))));
  };

  const setCell = (
    side: 'national_to_mobs' | 'national_from_mobs',
    short: string,
    column: NationalMobColumn,
    value: number | null,
  ) => {
    dirty.current = true;
    engine.change();
    setForm((f) => {
      if (!f) return f;
      const row = f[side][short] ?? { resources: short };
      return { ...f, [side]: { ...f[side], [short]: { ...row, [column]: value } } };
    });
  };

  const bringForward = () => {
    if (!window.confirm(t('nationalSitrep.confirmBringForward'))) return;
    if (!hasNationalMobsToBringForward(previous)) {
      window.alert(t('nationalSitrep.noBringForward'));
      return;
    }
    setForm((f) => (f && previous ? { ...f, ...bringForwardNationalMobs(previous) } : f));
    queueNow();
  };

  const addNationalMob = (short: string) => {
    setForm((f) => (f ? addNationalMobRow(f, short) : f));
    queueNow();
  };

  const removeNationalMob = (short: string) => {
    if (!window.confirm(t('nationalSitrep.confirmDelete'))) return;
    setForm((f) => (f ? removeNationalMobRow(f, short) : f));
    setClientErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !k.includes(`.${short}.`))));
    queueNow();
  };

  return { set, queueNow, onBlurField, setRows, setCell, bringForward, addNationalMob, removeNationalMob };
}
