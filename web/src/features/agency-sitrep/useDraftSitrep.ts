import {
  type AgencySitrepData,
  isNational,
  type SitrepStatusFields,
  SYNC_INTERVAL_MS,
  type ValidationErrors,
} from '@ciffc/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { ApiError } from '../../shared/api/http.ts';
import { agencySitrepStatsQuery, invalidateSitrepStats } from '../../shared/api/stats.ts';
import { useIdentity } from '../../shared/auth/hooks.ts';
import { getIn, setIn } from '../../shared/editing/field-path.ts';
import { fieldErrorCount, fieldTexts, serverCode, serverText } from '../../shared/editing/server-text.ts';
import { useEditing } from '../../shared/editing/useEditing.ts';
import { useLatest } from '../../shared/hooks/useLatest.ts';
import { useToast } from '../../shared/ui/Toast.tsx';
import { claimSitrep, releaseSitrep, saveSitrep, sitrepQuery, transitionSitrep } from './api.ts';
import type { FormApi } from './form-context.ts';
import { type FieldElement, validityKind, withoutErrors, withoutKeys } from './form-state.ts';
import { pickDocument, withGroupsFollowingFirst } from './sitrep-document.ts';
import { useT } from './useT.ts';

/** The values this tab had not sent when another tab, device or user saved a newer version. */
interface Conflict {
  mine: AgencySitrepData;
  message: string;
}

/**
 * An agency's draft: the form and its errors, the claim and the editing engine (docs/spec/data-entry.md
 * section 4), the states list polled while not editing, and the page's actions (start and pause
 * editing, submit, approve, reject).
 */
export function useDraftSitrep(agency: string) {
  const t = useT();
  const intl = useIntl();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const identity = useIdentity();
  const national = isNational(identity);
  const myId = identity?.id;

  const query = useQuery(sitrepQuery(agency, 'draft'));
  const [form, setForm] = useState<AgencySitrepData>({});
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const [serverErrors, setServerErrors] = useState<ValidationErrors>({});
  const [meta, setMeta] = useState<SitrepStatusFields | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [reason, setReason] = useState('');

  const formRef = useLatest(form);
  const clientErrorsRef = useLatest(clientErrors);
  const metaRef = useLatest(meta);
  const changed = useRef(false);
  // The document as the server last kept it, and the one in flight: Pause Edit puts an invalid
  // field back to its kept value and sends the rest (it used to drop every unsent change).
  const keptRef = useRef<AgencySitrepData>({});
  const sentRef = useRef<AgencySitrepData>({});

  const applyFields = useCallback((fields: Partial<SitrepStatusFields> | undefined) => {
    if (!fields || typeof fields.version_number !== 'number') return;
    setMeta((m) => (m ? { ...m, ...fields } : (fields as SitrepStatusFields)));
  }, []);

  const bodyOf = (error: unknown) =>
    error instanceof ApiError ? (error.body as Partial<SitrepStatusFields> | undefined) : undefined;

  // The one editing engine: claim renewal, the 5 s tick, cancel, queue, 409 and flush.
  const { engine, state, reauth } = useEditing<SitrepStatusFields>({
    intervalMs: SYNC_INTERVAL_MS,
    save: (base, session, init) => {
      // A field the page flags is not sent: the server keeps its saved value (decision: one truth
      // about invalid values); everything else typed is sent.
      let body = formRef.current;
      for (const name of Object.keys(clientErrorsRef.current))
        body = setIn(body, name, getIn(keptRef.current, name));
      sentRef.current = body;
      return saveSitrep(agency, body, base, session, init);
    },
    versionOf: (r) => r.version_number,
    renew: () => claimSitrep(agency),
    isInvalid: () => Object.keys(clientErrorsRef.current).length > 0,
    confirmDiscard: () => window.confirm(t('confirm.discardInvalid')),
    discardInvalid: () => {
      let restored = formRef.current;
      for (const name of Object.keys(clientErrorsRef.current))
        restored = setIn(restored, name, getIn(keptRef.current, name));
      formRef.current = restored;
      clientErrorsRef.current = {};
      setForm(restored);
      setClientErrors({});
      return JSON.stringify(restored) !== JSON.stringify(keptRef.current);
    },
    onSaved: (result) => {
      keptRef.current = sentRef.current;
      applyFields(result);
      setServerErrors(result.validationErrors ?? {});
      setFailed(false);
      const n = fieldErrorCount(result.validationErrors);
      if (n > 0) toast.error(t('toast.savedWithErrors', { n }));
      else toast.success(t('toast.synced'));
    },
    onConflict: (error) => {
      // Nothing is re-sent over the other version: it is loaded, and what this tab typed stays visible.
      setConflict({ mine: formRef.current, message: serverText(error, intl) });
      applyFields(bodyOf(error));
      void query.refetch();
    },
    onLocked: (error) => {
      applyFields(bodyOf(error));
      toast.error(serverText(error, intl));
    },
    onFailed: (error, kind) => {
      setFailed(true);
      if (kind === 'network') return; // retried by the next tick
      toast.error(serverText(error, intl));
    },
  });
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
  }, [query.data, national, myId, engine]);

  const locked = !!meta?.locked;
  const disabled = !editing || locked;
  const errors = useMemo(
    () => ({ ...fieldTexts(serverErrors, intl), ...clientErrors }),
    [serverErrors, clientErrors, intl],
  );
  const hasErrors = Object.keys(errors).length > 0;

  // While not editing, poll the states list; reload a locked sitrep once it is released.
  const stats = useQuery({
    ...agencySitrepStatsQuery(),
    refetchInterval: SYNC_INTERVAL_MS,
    enabled: !editing,
  });
  // A failed poll marks the API as unreachable (docs/spec/data-entry.md section 8) until a poll succeeds.
  const unreachable = !editing && stats.isError;
  useEffect(() => {
    const row = stats.data?.items.find((i) => i.agency === agency);
    const current = metaRef.current;
    if (!row || !current || engine.state.mode === 'editing') return;
    const released = current.locked && row.claimed_by == null;
    const otherClaim = row.claimed_by != null && row.claimed_by !== myId;
    if (released || row.version_number !== current.version_number) {
      void query.refetch();
    } else if (otherClaim !== current.locked || row.status !== current.status) {
      setMeta({
        ...current,
        status: row.status,
        locked: otherClaim,
        claimed_by: row.claimed_by,
        claimed_by_name: row.claimed_by_name,
      });
    }
  }, [stats.data, agency, myId, query, engine]);

  const message = (el: FieldElement, kind: ReturnType<typeof validityKind>) =>
    kind === 'required'
      ? t('error.required')
      : kind === 'invalidValue'
        ? // A number field says why in the page's language (a refusal or the allowed range).
          (el.dataset.number !== undefined && el.validationMessage) || t('error.invalidValue')
        : t('error.invalidFormat');

  const api: FormApi = {
    form,
    errors,
    disabled,
    dipFeed: !!meta?.has_dip_feed,
    // Both operations-summary boxes for everyone: switching language never hides what was written.
    bothLanguages: true,
    fireOptions: query.data?.fire_options ?? {},
    previous: query.data?.previous ?? null,
    change: (name, value, el, clears) => {
      setForm((f) => withGroupsFollowingFirst(setIn(f, name, value)));
      changed.current = true;
      engine.change();
      const clear = <T>(e: Record<string, T>) => (clears ? withoutKeys(e, clears) : withoutErrors(e, name));
      setServerErrors(clear);
      const kind = el ? validityKind(el) : undefined;
      setClientErrors((e) => (el && kind ? { ...e, [name]: message(el, kind) } : clear(e)));
    },
    blur: (name, el) => {
      const kind = el ? validityKind(el) : undefined;
      if (el && kind) {
        setClientErrors((e) => ({ ...e, [name]: message(el, kind) }));
        toast.error(t('toast.notSent'));
        return;
      }
      if (el) setClientErrors((e) => withoutErrors(e, name));
      if (changed.current) {
        changed.current = false;
        engine.queue();
      }
    },
    replace: (patch, options) => {
      setForm((f) => withGroupsFollowingFirst({ ...f, ...patch }));
      for (const k of Object.keys(patch)) {
        setServerErrors((e) => withoutErrors(e, k));
        setClientErrors((e) => withoutErrors(e, k));
      }
      // A new empty row is not sent: it is queued by the next valid blur (docs/spec/data-entry.md 4.3).
      if (options?.queue === false) {
        changed.current = true;
        engine.change();
      } else engine.queue();
    },
    flag: (flags) => {
      setClientErrors((e) => {
        let next = { ...e };
        for (const [k, v] of Object.entries(flags)) next = v ? { ...next, [k]: v } : withoutErrors(next, k);
        return next;
      });
      if (Object.values(flags).some(Boolean)) toast.error(t('toast.notSent'));
    },
  };

  const startEditing = async () => {
    setBusy(true);
    try {
      const fields = await claimSitrep(agency);
      setConflict(null);
      if (fields.version_number !== engine.state.base || engine.state.mode === 'conflict')
        await query.refetch();
      applyFields(fields);
      engine.start(fields.version_number);
    } catch (error) {
      // A failed claim leaves the user in view mode.
      applyFields(bodyOf(error));
      toast.error(serverText(error, intl));
    } finally {
      setBusy(false);
    }
  };

  const pauseEditing = async () => {
    setBusy(true);
    try {
      // Pause sends what is typed first; an invalid field is discarded only if the user says so.
      if (!(await engine.flush())) return;
      // No lease renewal may land after the release (it would claim the report again).
      await engine.hold();
      engine.stop();
      changed.current = false;
      applyFields(await releaseSitrep(agency));
      await query.refetch();
    } catch (error) {
      toast.error(serverText(error, intl));
    } finally {
      setBusy(false);
    }
  };

  const transition = async (action: 'submit' | 'approve' | 'reject') => {
    if (action === 'submit' && !window.confirm(t('confirm.submit'))) return;
    setBusy(true);
    try {
      // Submit sends what is typed first and submits exactly the version saved; the lease is no
      // longer renewed from then on (engine.hold), so no renewal lands after the hand-over.
      if (action === 'submit') {
        if (!(await engine.flush())) return;
        await engine.hold();
      }
      const version = action === 'submit' ? engine.state.base : (metaRef.current?.version_number ?? 0);
      // Approving a version the agency never submitted: the user confirms, told which one it submitted.
      const submitted = metaRef.current?.submitted_version ?? null;
      const unsubmitted = action === 'approve' && submitted !== version;
      if (
        unsubmitted &&
        !window.confirm(
          submitted === null
            ? t('confirm.approveNeverSubmitted', { current: version })
            : t('confirm.approveUnsubmitted', { current: version, submitted }),
        )
      )
        return;
      try {
        await transitionSitrep(action, agency, version, {
          reason: action === 'reject' ? reason.trim() : undefined,
          confirm_unsubmitted: unsubmitted,
        });
      } catch (error) {
        engine.resume();
        throw error;
      }
      engine.stop();
      await invalidateSitrepStats(queryClient);
      window.alert(t('alert.saved'));
      navigate('/agency');
    } catch (error) {
      applyFields(bodyOf(error));
      const v = error instanceof ApiError ? error.validationErrors : undefined;
      if (v) setServerErrors(v);
      toast.error(v ? t('toast.savedWithErrors', { n: fieldErrorCount(v) }) : serverText(error, intl));
      // Approve or reject of a version that is no longer current: show the current one.
      if (serverCode(error) === 'sitrep.changed_since_opened') void query.refetch();
    } finally {
      setBusy(false);
    }
  };

  return {
    reauth,
    query,
    form,
    meta,
    failed,
    busy,
    conflict,
    dismissConflict: () => setConflict(null),
    reason,
    setReason,
    api,
    state,
    national,
    myId,
    editing,
    syncing,
    locked,
    hasErrors,
    unreachable,
    startEditing,
    pauseEditing,
    transition,
  };
}
