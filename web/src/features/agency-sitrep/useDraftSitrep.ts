import { useEffect, useMemo } from 'react';
import { fieldTexts } from '../../shared/editing/server-text.ts';
import { pickDocument } from './sitrep-document.ts';
import { useDraftSitrepState } from './useDraftSitrepState.ts';
import { useSitrepEditing } from './useSitrepEditing.ts';
import { useSitrepFormApi } from './useSitrepFormApi.ts';
import { useSitrepStatesPoll } from './useSitrepStatesPoll.ts';
import { useSitrepTransitions } from './useSitrepTransitions.ts';

/**
 * An agency's draft: the form and its errors, the claim and the editing engine (docs/spec/data-entry.md
 * section 4), the states list polled while not editing, and the page's actions (start and pause
 * editing, submit, approve, reject).
 */
export function useDraftSitrep(agency: string) {
  const s = useDraftSitrepState(agency);
  const { query, national, myId, meta, keptRef, changed, intl, setForm, setMeta } = s;
  const { setServerErrors, setClientErrors } = s;

  const { engine, state, reauth } = useSitrepEditing(s);
  const editing = state.mode === 'editing';
  const syncing = state.inflight !== null;

  // A (re)load replaces the form: the server's document is the truth while nothing is unsent.
  useEffect(() => {
    const data = query.data;
    if (!data || engine.unsent) return;
    keptRef.current = pickDocument(data);
    setForm(keptRef.current);
    setMeta(data);
    setServerErrors(data.validationErrors ?? {});
    setClientErrors({});
    engine.load(data.version_number);
    changed.current = false;
    // The claim is already this user's: editing resumes by itself (docs/spec/data-entry.md 4.2).
    if (!national && data.claimed_by != null && data.claimed_by === myId && engine.state.mode === 'view')
      engine.start(data.version_number);
  }, [
    query.data,
    national,
    myId,
    engine,
    keptRef,
    changed,
    setForm,
    setMeta,
    setServerErrors,
    setClientErrors,
  ]);

  const locked = !!meta?.locked;
  const disabled = !editing || locked;
  const { serverErrors, clientErrors } = s;
  const errors = useMemo(
    () => ({ ...fieldTexts(serverErrors, intl), ...clientErrors }),
    [serverErrors, clientErrors, intl],
  );
  const hasErrors = Object.keys(errors).length > 0;

  const unreachable = useSitrepStatesPoll(s, engine, editing);
  const api = useSitrepFormApi(s, engine, { errors, disabled });
  const actions = useSitrepTransitions(s, engine);

  return {
    reauth,
    query,
    form: s.form,
    meta,
    failed: s.failed,
    busy: s.busy,
    conflict: s.conflict,
    dismissConflict: () => s.setConflict(null),
    reason: s.reason,
    setReason: s.setReason,
    api,
    state,
    national,
    myId,
    editing,
    syncing,
    locked,
    hasErrors,
    unreachable,
    ...actions,
  };
}
