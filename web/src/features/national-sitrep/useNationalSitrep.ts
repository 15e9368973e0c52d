import {
  addNationalMobRow,
  bringForwardNationalMobs,
  hasNationalMobsToBringForward,
  type MobRow,
  type NationalMobColumn,
  type NationalSaveResult,
  type NationalSitrepFields,
  nationalDraftFields,
  removeNationalMobRow,
  SYNC_INTERVAL_MS,
  summaryChangedInOneLanguage,
  type ValidationErrors,
} from '@ciffc/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FocusEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { ApiError } from '../../shared/api/http.ts';
import { invalidateSitrepStats } from '../../shared/api/stats.ts';
import { useIdentity } from '../../shared/auth/hooks.ts';
import { classifyError, type FailureKind } from '../../shared/editing/engine.ts';
import { getIn, setIn } from '../../shared/editing/field-path.ts';
import { fieldErrorCount, fieldTexts, serverCode, serverText } from '../../shared/editing/server-text.ts';
import { useEditing } from '../../shared/editing/useEditing.ts';
import { useLatest } from '../../shared/hooks/useLatest.ts';
import { useToast } from '../../shared/ui/Toast.tsx';
import {
  claimNational,
  type NationalDraft,
  nationalDraftQuery,
  publishNational,
  releaseNational,
  saveNational,
} from './api.ts';

export type NationalMeta = Pick<
  NationalDraft,
  'status' | 'is_published' | 'last_edit' | 'version_number' | 'requires_manual_sync' | 'claimed_by'
> & { claimed_by_name: string | null };
export type SyncState = 'idle' | 'syncing' | 'error' | 'ready';

/** The lease's refusals (held by another, or no claim of the caller's) read as "being edited". */
function classifyNational(error: unknown): FailureKind {
  const kind = classifyError(error);
  const code = serverCode(error);
  if (kind === 'conflict' && (code === 'national.locked' || code?.startsWith('national.claim_first_')))
    return 'locked';
  return kind;
}
const without = <T>(errors: Record<string, T>, name: string) => {
  if (!(name in errors)) return errors;
  const { [name]: _, ...rest } = errors;
  return rest;
};

/**
 * The national draft (docs/spec/data-entry.md section 4): the form and its errors, the claim, the
 * editing engine, the sync state shown in the toolbar, and the page's actions (start and pause
 * editing, publish, bring forward, national mobilization rows).
 */
export function useNationalSitrep() {
  const intl = useIntl();
  const t = useCallback(
    (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values),
    [intl],
  );
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const identity = useIdentity();
  const draftQuery = useQuery(nationalDraftQuery());

  const [form, setForm] = useState<NationalSitrepFields | null>(null);
  const [meta, setMeta] = useState<NationalMeta | null>(null);
  const [sync, setSync] = useState<SyncState>('idle');
  const [serverErrors, setServerErrors] = useState<ValidationErrors>({});
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const [publishing, setPublishing] = useState(false);
  const [conflict, setConflict] = useState<{ mine: NationalSitrepFields; message: string } | null>(null);

  const formRef = useLatest(form);
  const clientErrorsRef = useLatest(clientErrors);
  const dirty = useRef(false);
  // The form as the server last kept it, and the one in flight: Pause Edit puts an invalid field
  // back to its kept value and sends the rest (it used to drop every unsent change).
  const keptRef = useRef<NationalSitrepFields | null>(null);
  const sentRef = useRef<NationalSitrepFields | null>(null);

  const applyDraft = useCallback((d: NationalDraft) => {
    keptRef.current = nationalDraftFields(d);
    setForm(keptRef.current);
    setMeta({
      status: d.status,
      is_published: d.is_published,
      last_edit: d.last_edit,
      version_number: d.version_number,
      requires_manual_sync: d.requires_manual_sync,
      claimed_by: d.claimed_by,
      claimed_by_name: d.claimed_by_name,
    });
    setServerErrors(d.validationErrors ?? {});
    // A change kept since today's publication is not public yet: "Ready to update" (4.4).
    setSync(d.requires_manual_sync ? 'ready' : 'idle');
  }, []);

  const applyResult = useCallback((r: Partial<NationalSaveResult>) => {
    setMeta((m) =>
      m
        ? {
            ...m,
            ...(r.status !== undefined ? { status: r.status } : {}),
            ...(r.last_edit !== undefined ? { last_edit: r.last_edit } : {}),
            ...(r.version_number !== undefined ? { version_number: r.version_number } : {}),
            ...(r.is_published !== undefined ? { is_published: r.is_published } : {}),
            ...(r.requires_manual_sync !== undefined ? { requires_manual_sync: r.requires_manual_sync } : {}),
            ...(r.claimed_by !== undefined ? { claimed_by: r.claimed_by } : {}),
          }
        : m,
    );
  }, []);

  const failed = useCallback(
    (error: unknown) => {
      if (error instanceof ApiError) {
        const body = (error.body ?? {}) as Partial<NationalSaveResult>;
        applyResult(body);
        if (error.validationErrors) setServerErrors(error.validationErrors);
        toast.error(
          error.validationErrors
            ? t('nationalSitrep.savedWithErrors', {
                n: fieldErrorCount(error.validationErrors),
              })
            : serverText(error, intl),
        );
      } else {
        toast.error(error instanceof Error ? error.message : String(error));
      }
      setSync('error');
    },
    [applyResult, t, toast, intl],
  );

  const reload = useCallback(async () => {
    const fresh = await queryClient.fetchQuery(nationalDraftQuery()).catch(() => undefined);
    if (fresh) applyDraft(fresh);
    return fresh;
  }, [queryClient, applyDraft]);

  // 4.3 through the one editing engine: the whole form on the tick, a newer sync cancelling the one
  // in flight, the lease renewed, 409 from another tab shown with the unsent values, flushes.
  const { engine, state, reauth } = useEditing<NationalSaveResult>({
    intervalMs: SYNC_INTERVAL_MS,
    save: (base, session, init) => {
      // A field the page flags is not sent: the server keeps its saved value (decision: one truth
      // about invalid values); everything else typed is sent.
      let body = formRef.current as NationalSitrepFields;
      const kept = keptRef.current;
      if (kept)
        for (const name of Object.keys(clientErrorsRef.current)) body = setIn(body, name, getIn(kept, name));
      sentRef.current = body;
      return saveNational({ ...body, version_number: base, edit_session: session }, init);
    },
    versionOf: (r) => r.version_number,
    renew: () => claimNational(),
    classify: classifyNational,
    isInvalid: () => Object.keys(clientErrorsRef.current).length > 0,
    confirmDiscard: () => window.confirm(t('nationalSitrep.confirmDiscardInvalid')),
    discardInvalid: () => {
      const kept = keptRef.current;
      if (!kept || !formRef.current) return false;
      let restored = formRef.current as NationalSitrepFields;
      for (const name of Object.keys(clientErrorsRef.current))
        restored = setIn(restored, name, getIn(kept, name));
      formRef.current = restored;
      clientErrorsRef.current = {};
      setForm(restored);
      setClientErrors({});
      return JSON.stringify(restored) !== JSON.stringify(kept);
    },
    onSaved: (result) => {
      if (sentRef.current) keptRef.current = sentRef.current;
      applyResult(result);
      setServerErrors(result.validationErrors ?? {});
      const n = fieldErrorCount(result.validationErrors);
      if (n > 0) {
        setSync('error');
        toast.error(t('nationalSitrep.savedWithErrors', { n }));
      } else if (result.requires_manual_sync) setSync('ready');
      else {
        setSync('idle');
        toast.success(t('nationalSitrep.synced'));
      }
    },
    onConflict: (error) => {
      if (formRef.current) setConflict({ mine: formRef.current, message: serverText(error, intl) });
      failed(error);
      void reload();
    },
    onLocked: (error) => failed(error),
    onFailed: (error, kind) => {
      setSync('error');
      if (kind !== 'network') failed(error);
    },
  });
  const editing = state.mode === 'editing';
  useEffect(() => {
    if (state.inflight !== null) setSync('syncing');
  }, [state.inflight]);

  useEffect(() => {
    if (draftQuery.data && form === null) {
      applyDraft(draftQuery.data);
      engine.load(draftQuery.data.version_number);
      // 4.2: a claim that already belongs to this user resumes editing.
      if (identity && draftQuery.data.claimed_by === identity.id)
        engine.start(draftQuery.data.version_number);
    }
  }, [draftQuery.data, form, identity, applyDraft, engine]);

  // What follows is read once the draft is shown (form and meta loaded).
  const locked = meta !== null && meta.claimed_by !== null && meta.claimed_by !== identity?.id;
  const disabled = !editing || locked;
  const errors = { ...fieldTexts(serverErrors, intl), ...clientErrors };
  const hasErrors = Object.keys(errors).length > 0;

  const set = <K extends keyof NationalSitrepFields>(key: K, value: NationalSitrepFields[K]) => {
    dirty.current = true;
    engine.change();
    setForm((f) => (f ? { ...f, [key]: value } : f));
    setServerErrors((e) => without(e, key));
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

  const startEditing = async () => {
    try {
      await claimNational();
      const fresh = await queryClient.fetchQuery(nationalDraftQuery());
      applyDraft(fresh);
      setClientErrors({});
      setConflict(null);
      engine.start(fresh.version_number);
    } catch (error) {
      // 8: a failed claim leaves the user in view mode.
      toast.error(serverText(error, intl));
      await reload();
    }
  };

  const pauseEditing = async () => {
    // Pause sends what is typed first; an invalid field is discarded only if the user says so.
    if (!(await engine.flush())) return;
    // No lease renewal may land after the release (it would claim the draft again).
    await engine.hold();
    engine.stop();
    try {
      const m = await releaseNational();
      setMeta((prev) =>
        prev
          ? { ...prev, claimed_by: m.claimed_by, claimed_by_name: m.claimed_by_name, status: m.status }
          : prev,
      );
    } catch (error) {
      console.error('[national-sitrep] release failed', error);
    }
  };

  const publish = async () => {
    if (!form || locked || hasErrors) return;
    // One language's summary changed and the other still says what it said when the page opened.
    const alone = draftQuery.data ? summaryChangedInOneLanguage(draftQuery.data, form) : null;
    const question = alone
      ? `${t(`nationalSitrep.summaryChangedAlone.${alone}`)} ${t('nationalSitrep.confirmPublish')}`
      : t('nationalSitrep.confirmPublish');
    if (!window.confirm(question)) return;
    setPublishing(true);
    try {
      // Publish sends what is typed first, then publishes the version saved.
      if (!(await engine.flush())) return;
      // No lease renewal may land after the hand-over (it would claim the draft again).
      await engine.hold();
      try {
        await publishNational({ ...form, version_number: engine.state.base, edit_session: engine.session });
      } catch (error) {
        engine.resume();
        throw error;
      }
      engine.stop();
      await invalidateSitrepStats(queryClient);
      window.alert(t('nationalSitrep.publishedAlert'));
      navigate('/agency');
    } catch (error) {
      failed(error);
    } finally {
      setPublishing(false);
    }
  };

  const bringForward = () => {
    const previous = draftQuery.data?.previous;
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

  return {
    reauth,
    editState: state,
    draftQuery,
    identity,
    form,
    meta,
    sync,
    conflict,
    dismissConflict: () => setConflict(null),
    publishing,
    editing,
    locked,
    disabled,
    errors,
    hasErrors,
    set,
    queueNow,
    onBlurField,
    setRows,
    setCell,
    startEditing,
    pauseEditing,
    publish,
    bringForward,
    addNationalMob,
    removeNationalMob,
  };
}
