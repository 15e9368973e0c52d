import {
  addNationalMobRow,
  bringForwardNationalMobs,
  displayNationalStatus,
  hasNationalMobsToBringForward,
  type MobRow,
  NATIONAL_FORM_SLOTS,
  type NationalMobColumn,
  type NationalSaveResult,
  type NationalSitrepFields,
  nationalDraftFields,
  removeNationalMobRow,
  SYNC_INTERVAL_MS,
} from '@ciffc/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FocusEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../shared/api/http.ts';
import { invalidateSitrepStats } from '../../shared/api/stats.ts';
import { useIdentity } from '../../shared/auth/hooks.ts';
import { useResourceOptions } from '../../shared/resources/api.ts';
import { ErrorBox } from '../../shared/ui/ErrorBox.tsx';
import { Loading } from '../../shared/ui/Loading.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { useToast } from '../../shared/ui/Toast.tsx';
import { AgencySections, AvailabilitySection, CompactMobsSection, Section } from './AgencySections.tsx';
import {
  claimNational,
  dutyOfficersQuery,
  type NationalDraft,
  nationalDraftQuery,
  publishNational,
  releaseNational,
  saveNational,
} from './api.ts';
import { MobRowsEditor } from './MobRowsEditor.tsx';
import { AddNationalMobResource, NationalMobGrid } from './NationalMobGrid.tsx';
import './national-sitrep.css';
import { ConflictNotice, catalogueLabel } from '../../shared/editing/ConflictNotice.tsx';
import type { FailureKind } from '../../shared/editing/engine.ts';
import { classifyError } from '../../shared/editing/engine.ts';
import { fieldTexts, serverText } from '../../shared/editing/serverText.ts';
import { useEditing } from '../../shared/editing/useEditing.ts';
import { DecimalInput } from '../../shared/format/DecimalInput.tsx';
import { useLatest } from '../../shared/hooks/useLatest.ts';
import { getIn, setIn } from '../agency-sitrep/form-state.ts';

type Meta = Pick<
  NationalDraft,
  'status' | 'is_published' | 'last_edit' | 'version_number' | 'requires_manual_sync' | 'claimed_by'
> & { claimed_by_name: string | null };
type SyncState = 'idle' | 'syncing' | 'error' | 'ready';

const LEVELS = ['1', '2', '3', '4', '5'] as const;

/** The national API's 409s carry no code yet: the lease refusals read "being edited" / "Start editing". */
function classifyNational(error: unknown): FailureKind {
  const kind = classifyError(error);
  if (kind === 'conflict' && error instanceof Error && /being edited|Start editing/.test(error.message))
    return 'locked';
  return kind;
}
/** Each field's label in the conflict notice: the message its input or section is shown under. */
const CONFLICT_LABELS: Record<keyof NationalSitrepFields, string> = {
  en_summary_comments: 'nationalSitrep.summaryEn',
  fr_summary_comments: 'nationalSitrep.summaryFr',
  preparedness_level: 'nationalSitrep.nationalLevel',
  duty_officer_name: 'nationalSitrep.dutyOfficer',
  outstanding_resource_requests: 'nationalSitrep.outstanding',
  mobs_grouped: 'nationalSitrep.section.mobilizations',
  demobs: 'nationalSitrep.section.demobilizations',
  national_to_mobs: 'nationalSitrep.conflict.nationalTo',
  national_from_mobs: 'nationalSitrep.conflict.nationalFrom',
  us_preparedness_level: 'nationalSitrep.usLevel',
  us_fires: 'nationalSitrep.usFires',
  us_acres: 'nationalSitrep.usAcres',
  us_ytd_fires: 'nationalSitrep.usYtdFires',
  us_ytd_acres: 'nationalSitrep.usYtdAcres',
};
const without = (errors: Record<string, string>, name: string) => {
  if (!(name in errors)) return errors;
  const { [name]: _, ...rest } = errors;
  return rest;
};

export function NationalSitrepPage() {
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
  const officers = useQuery(dutyOfficersQuery());
  const { index } = useResourceOptions();

  const [form, setForm] = useState<NationalSitrepFields | null>(null);
  const [meta, setMeta] = useState<Meta | null>(null);
  const [sync, setSync] = useState<SyncState>('idle');
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const [publishing, setPublishing] = useState(false);
  const [conflict, setConflict] = useState<{ mine: NationalSitrepFields; message: string } | null>(null);

  const formRef = useLatest(form);
  const clientErrorsRef = useLatest(clientErrors);
  const dirty = useRef(false);
  const locale = intl.locale.startsWith('fr') ? 'fr' : 'en';
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
        if (error.validationErrors) setServerErrors(error.validationErrors as Record<string, string>);
        toast.error(error.validationErrors ? t('nationalSitrep.validationToast') : serverText(error, locale));
      } else {
        toast.error(error instanceof Error ? error.message : String(error));
      }
      setSync('error');
    },
    [applyResult, t, toast, locale],
  );

  const reload = useCallback(async () => {
    const fresh = await queryClient.fetchQuery(nationalDraftQuery()).catch(() => undefined);
    if (fresh) applyDraft(fresh);
    return fresh;
  }, [queryClient, applyDraft]);

  // 4.3 through the one editing engine: the whole form on the tick, a newer sync cancelling the one
  // in flight, the lease renewed, 409 from another tab shown with the unsent values, flushes.
  const { engine, state } = useEditing<NationalSaveResult>({
    intervalMs: SYNC_INTERVAL_MS,
    save: (base, session, init) => {
      sentRef.current = formRef.current as NationalSitrepFields;
      return saveNational(
        { ...(formRef.current as NationalSitrepFields), version_number: base, edit_session: session },
        init,
      );
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
      if (Object.keys(result.validationErrors ?? {}).length > 0) {
        setSync('error');
        toast.error(t('nationalSitrep.validationToast'));
      } else if (result.requires_manual_sync) setSync('ready');
      else {
        setSync('idle');
        toast.success(t('nationalSitrep.synced'));
      }
    },
    onConflict: (error) => {
      if (formRef.current) setConflict({ mine: formRef.current, message: serverText(error, locale) });
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

  if (draftQuery.isPending || (!form && !draftQuery.isError))
    return (
      <>
        <PageHeader titleId="nationalSitrep.title" />
        <Loading />
      </>
    );
  if (draftQuery.isError || !form || !meta)
    return (
      <>
        <PageHeader titleId="nationalSitrep.title" />
        <ErrorBox />
      </>
    );

  const draft = draftQuery.data as NationalDraft;
  const locked = meta.claimed_by !== null && meta.claimed_by !== identity?.id;
  const disabled = !editing || locked;
  const errors = { ...fieldTexts(serverErrors, locale), ...clientErrors };
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
        : el.type === 'number' || el.dataset.number !== undefined
          ? t('nationalSitrep.invalidValue')
          : t('nationalSitrep.invalidFormat');
      setClientErrors((e) => ({ ...e, [name]: message }));
      toast.error(t('nationalSitrep.validationToast'));
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
      toast.error(serverText(error, locale));
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
    if (locked || hasErrors) return;
    if (!window.confirm(t('nationalSitrep.confirmPublish'))) return;
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
    if (!window.confirm(t('nationalSitrep.confirmBringForward'))) return;
    if (!hasNationalMobsToBringForward(draft.previous)) {
      window.alert(t('nationalSitrep.noBringForward'));
      return;
    }
    setForm((f) => (f && draft.previous ? { ...f, ...bringForwardNationalMobs(draft.previous) } : f));
    queueNow();
  };

  const statusCode =
    sync === 'syncing'
      ? 'SYNCING'
      : sync === 'error'
        ? 'ERROR'
        : sync === 'ready'
          ? 'READY'
          : displayNationalStatus(meta);
  const statusText: Record<string, string> = {
    E: t('nationalSitrep.status.E'),
    PUBLISHED: t('nationalSitrep.status.PUBLISHED'),
    UNPUBLISHED: t('nationalSitrep.status.UNPUBLISHED'),
    READY: t('nationalSitrep.status.READY'),
    SYNCING: t('nationalSitrep.status.SYNCING'),
    ERROR: t('nationalSitrep.status.ERROR'),
  };
  const holder =
    statusCode === 'E' && meta.claimed_by !== null
      ? meta.claimed_by === identity?.id
        ? t('nationalSitrep.status.byYou')
        : t('nationalSitrep.status.byOther', { name: meta.claimed_by_name ?? '' })
      : '';

  const officerNames = [
    ...new Set([...(draft.duty_officer_options ?? []), ...(officers.data?.items.map((o) => o.name) ?? [])]),
  ];
  const slot = (key: keyof typeof NATIONAL_FORM_SLOTS) => errors[NATIONAL_FORM_SLOTS[key]];
  const fieldError = (name: string) =>
    errors[name] ? (
      <p id={`${name}-error`} className="field-error">
        {errors[name]}
      </p>
    ) : null;
  const describedBy = (name: string) => (errors[name] ? `${name}-error` : undefined);
  const numberField = (
    name: 'us_fires' | 'us_acres' | 'us_ytd_fires' | 'us_ytd_acres',
    labelId: string,
    decimals: boolean,
  ) => (
    <div className="field">
      <label htmlFor={name}>{t(labelId)}</label>
      {decimals ? (
        <DecimalInput
          id={name}
          name={name}
          min={0}
          value={form[name]}
          disabled={disabled}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={describedBy(name)}
          onValue={(n) => set(name, n)}
          onBlur={(e) => onBlurField(e, name)}
        />
      ) : (
        <input
          id={name}
          name={name}
          type="number"
          min={0}
          step={1}
          value={form[name] ?? ''}
          disabled={disabled}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={describedBy(name)}
          onChange={(e) => set(name, e.target.value === '' ? null : Number(e.target.value))}
          onBlur={(e) => onBlurField(e, name)}
        />
      )}
      {fieldError(name)}
    </div>
  );
  const agencies = draft.sitrep?.agency_sitreps ?? [];

  return (
    <div className="national-sitrep">
      <PageHeader titleId="nationalSitrep.title" />
      <section className="sitrep-toolbar" aria-label={t('nationalSitrep.toolbar')}>
        <dl className="sitrep-meta">
          <div>
            <dt>{t('nationalSitrep.statusLabel')}</dt>
            <dd data-testid="national-status">
              {statusText[statusCode] ?? statusCode}
              {holder ? ` ${holder}` : ''}
            </dd>
          </div>
          <div>
            <dt>{t('nationalSitrep.version')}</dt>
            <dd>{meta.version_number}</dd>
          </div>
          <div>
            <dt>{t('nationalSitrep.lastUpdate')}</dt>
            <dd>
              {meta.last_edit
                ? intl.formatDate(meta.last_edit, { dateStyle: 'medium', timeStyle: 'short' })
                : t('nationalSitrep.never')}
            </dd>
          </div>
          <div>
            <dt>{t('nationalSitrep.reportDate')}</dt>
            <dd>{draft.report_date}</dd>
          </div>
        </dl>
        {sync === 'ready' ? <p className="sitrep-hint">{t('nationalSitrep.readyHint')}</p> : null}
        {conflict ? (
          <ConflictNotice
            message={conflict.message}
            mine={conflict.mine}
            current={form}
            fields={Object.keys(form) as (keyof NationalSitrepFields & string)[]}
            label={catalogueLabel(intl, (k) => CONFLICT_LABELS[k as keyof NationalSitrepFields])}
            texts={{
              title: t('nationalSitrep.conflict.title'),
              field: t('nationalSitrep.conflict.field'),
              yours: t('nationalSitrep.conflict.yours'),
              current: t('nationalSitrep.conflict.current'),
              hint: t('nationalSitrep.conflict.hint'),
              dismiss: t('nationalSitrep.conflict.dismiss'),
            }}
            onDismiss={() => setConflict(null)}
          />
        ) : null}
        <div className="sitrep-actions">
          {locked ? (
            <>
              <button type="button" className="button" disabled>
                {t('nationalSitrep.editLocked')}
              </button>
              <p className="sitrep-hint">{t('nationalSitrep.lockedHint')}</p>
            </>
          ) : editing ? (
            <button type="button" className="button" onClick={() => void pauseEditing()}>
              {t('nationalSitrep.pauseEdit')}
            </button>
          ) : (
            <button type="button" className="button button-primary" onClick={() => void startEditing()}>
              {t('nationalSitrep.startEditing')}
            </button>
          )}
        </div>
      </section>

      <Section id="ns-summary" title={t('nationalSitrep.section.summary')} slot={slot('summary')}>
        {(['en_summary_comments', 'fr_summary_comments'] as const).map((name) => (
          <div className="field" key={name}>
            <label htmlFor={name}>
              {t(name === 'en_summary_comments' ? 'nationalSitrep.summaryEn' : 'nationalSitrep.summaryFr')}
            </label>
            <textarea
              id={name}
              name={name}
              rows={5}
              maxLength={20000}
              lang={name === 'en_summary_comments' ? 'en' : 'fr'}
              value={form[name]}
              disabled={disabled}
              aria-describedby={describedBy(name)}
              onChange={(e) => set(name, e.target.value)}
              onBlur={(e) => onBlurField(e, name)}
            />
            {fieldError(name)}
          </div>
        ))}
      </Section>

      <Section id="ns-level" title={t('nationalSitrep.section.preparedness')} slot={slot('preparedness')}>
        <fieldset className="radio-scale" aria-describedby={describedBy('preparedness_level')}>
          <legend>{t('nationalSitrep.nationalLevel')}</legend>
          {LEVELS.map((level) => (
            <label key={level} className="radio">
              <input
                type="radio"
                name="preparedness_level"
                value={level}
                checked={form.preparedness_level === level}
                disabled={disabled}
                onChange={() => {
                  set('preparedness_level', level);
                  queueNow();
                }}
              />
              {level}
            </label>
          ))}
        </fieldset>
        {fieldError('preparedness_level')}
      </Section>

      <Section id="ns-duty" title={t('nationalSitrep.section.dutyOfficer')} slot={slot('dutyOfficer')}>
        <div className="field">
          <label htmlFor="duty_officer_name">{t('nationalSitrep.dutyOfficer')}</label>
          <input
            id="duty_officer_name"
            name="duty_officer_name"
            type="text"
            list="duty-officer-options"
            maxLength={200}
            autoComplete="off"
            value={form.duty_officer_name}
            disabled={disabled}
            onChange={(e) => set('duty_officer_name', e.target.value)}
            onBlur={(e) => onBlurField(e, 'duty_officer_name')}
          />
          <datalist id="duty-officer-options">
            {officerNames.map((n) => (
              <option key={n} value={n} />
            ))}
          </datalist>
          {fieldError('duty_officer_name')}
        </div>
      </Section>

      <AgencySections agencies={agencies} />

      <Section id="ns-mobs" title={t('nationalSitrep.section.mobilizations')} slot={slot('mobilizations')}>
        <MobRowsEditor
          field="mobs_grouped"
          rows={form.mobs_grouped}
          disabled={disabled}
          errors={errors}
          onChange={(rows) => setRows('mobs_grouped', rows)}
          onBlurField={onBlurField}
          onQueue={queueNow}
        />
        <div className="field">
          <label htmlFor="outstanding_resource_requests">{t('nationalSitrep.outstanding')}</label>
          <textarea
            id="outstanding_resource_requests"
            name="outstanding_resource_requests"
            rows={3}
            value={form.outstanding_resource_requests}
            disabled={disabled}
            onChange={(e) => set('outstanding_resource_requests', e.target.value)}
            onBlur={(e) => onBlurField(e, 'outstanding_resource_requests')}
          />
        </div>
      </Section>

      <Section
        id="ns-national-mobs"
        title={t('nationalSitrep.section.nationalMobilizations')}
        slot={slot('nationalMobilizations')}
      >
        {disabled ? null : (
          <div className="national-mob-tools">
            <button type="button" className="button" onClick={bringForward}>
              {t('nationalSitrep.bringForward')}
            </button>
            <AddNationalMobResource
              existing={Object.keys(form.national_to_mobs)}
              onAdd={(short) => {
                setForm((f) => (f ? addNationalMobRow(f, short) : f));
                queueNow();
              }}
            />
          </div>
        )}
        {(['to', 'from'] as const).map((side) => (
          <NationalMobGrid
            key={side}
            side={side}
            table={side === 'to' ? form.national_to_mobs : form.national_from_mobs}
            index={index}
            disabled={disabled}
            errors={errors}
            onCell={(short, column, value) =>
              setCell(side === 'to' ? 'national_to_mobs' : 'national_from_mobs', short, column, value)
            }
            onBlurCell={onBlurField}
            onRemove={(short) => {
              if (!window.confirm(t('nationalSitrep.confirmDelete'))) return;
              setForm((f) => (f ? removeNationalMobRow(f, short) : f));
              setClientErrors((e) =>
                Object.fromEntries(Object.entries(e).filter(([k]) => !k.includes(`.${short}.`))),
              );
              queueNow();
            }}
          />
        ))}
      </Section>

      <CompactMobsSection agencies={agencies} index={index} />

      <Section
        id="ns-demobs"
        title={t('nationalSitrep.section.demobilizations')}
        slot={slot('demobilizations')}
      >
        <MobRowsEditor
          field="demobs"
          rows={form.demobs}
          disabled={disabled}
          errors={errors}
          onChange={(rows) => setRows('demobs', rows)}
          onBlurField={onBlurField}
          onQueue={queueNow}
        />
      </Section>

      <AvailabilitySection agencies={agencies} index={index} />

      <Section id="ns-us" title={t('nationalSitrep.section.us')} slot={slot('usFireActivity')}>
        <fieldset className="radio-scale" aria-describedby={describedBy('us_preparedness_level')}>
          <legend>{t('nationalSitrep.usLevel')}</legend>
          {LEVELS.map((level) => (
            <label key={level} className="radio">
              <input
                type="radio"
                name="us_preparedness_level"
                value={level}
                checked={form.us_preparedness_level === Number(level)}
                disabled={disabled}
                onChange={() => {
                  set('us_preparedness_level', Number(level));
                  queueNow();
                }}
              />
              {level}
            </label>
          ))}
        </fieldset>
        {fieldError('us_preparedness_level')}
        <div className="field-row">
          {numberField('us_fires', 'nationalSitrep.usFires', false)}
          {numberField('us_acres', 'nationalSitrep.usAcres', true)}
          {numberField('us_ytd_fires', 'nationalSitrep.usYtdFires', false)}
          {numberField('us_ytd_acres', 'nationalSitrep.usYtdAcres', true)}
        </div>
        <p className="field-hint">{t('nationalSitrep.acreNote')}</p>
      </Section>

      {Object.entries(errors)
        .filter(([k]) => /^form_[4-7]$/.test(k))
        .map(([k, v]) => (
          <p key={k} className="alert alert-error" role="alert">
            {v}
          </p>
        ))}

      <div className="sitrep-footer">
        {editing && !locked ? (
          <button
            type="button"
            className="button button-primary"
            disabled={hasErrors || publishing || sync === 'syncing'}
            onClick={() => void publish()}
          >
            {hasErrors
              ? t('nationalSitrep.blocked')
              : meta.is_published
                ? t('nationalSitrep.republish')
                : t('nationalSitrep.publish')}
          </button>
        ) : null}
        {editing && hasErrors ? <p className="sitrep-hint">{t('nationalSitrep.blockedHint')}</p> : null}
        <Link to="/agency">{t('nationalSitrep.overview')}</Link>
      </div>
    </div>
  );
}
