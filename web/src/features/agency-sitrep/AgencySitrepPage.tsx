import {
  AGENCIES,
  type AgencySitrepData,
  type AgencySitrepResponse,
  agencyOf,
  canApprove,
  canReject,
  isAgencyCode,
  isNational,
  normaliseMobilizationGroups,
  SITREP_FIELD_NAMES,
  type SitrepStatusFields,
  SYNC_INTERVAL_MS,
} from '@ciffc/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../shared/api/http.ts';
import { agencySitrepStatsQuery, invalidateSitrepStats } from '../../shared/api/stats.ts';
import { useIdentity } from '../../shared/auth/hooks.ts';
import { useLocale } from '../../shared/i18n/LocaleProvider.tsx';
import { ErrorBox } from '../../shared/ui/ErrorBox.tsx';
import { Loading } from '../../shared/ui/Loading.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { useToast } from '../../shared/ui/Toast.tsx';
import {
  claimSitrep,
  releaseSitrep,
  saveSitrep,
  sitrepQuery,
  transitionSitrep,
  type Variant,
} from './api.ts';
import { getIn, setIn, validityKind, withoutErrors, withoutKeys } from './form-state.ts';
import { type FormApi, FormProvider, SitrepForm } from './SitrepForm.tsx';
import './agency-sitrep.css';
import { ConflictNotice, catalogueLabel } from '../../shared/editing/ConflictNotice.tsx';
import { fieldTexts, serverCode, serverText } from '../../shared/editing/serverText.ts';
import { useEditing } from '../../shared/editing/useEditing.ts';
import { useLatest } from '../../shared/hooks/useLatest.ts';

function useT() {
  const intl = useIntl();
  return (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `agencySitrep.${id}` }, values);
}

function pickDocument(data: AgencySitrepResponse): AgencySitrepData {
  const out: Record<string, unknown> = {};
  for (const k of SITREP_FIELD_NAMES) if (data[k] !== undefined) out[k] = data[k];
  return out as AgencySitrepData;
}

const noop = () => {};

/** Later rows of a mobilization group show the To and From of its first row (docs/spec/data-entry.md 4.6). */
function withGroupsFollowingFirst(form: AgencySitrepData): AgencySitrepData {
  return form.mobs_grouped ? { ...form, mobs_grouped: normaliseMobilizationGroups(form.mobs_grouped) } : form;
}

/**
 * /agency/sitrep: an agency user goes to its own sitrep; the national centre picks an agency.
 * /agency/sitrep/{agencyParam}: the draft; an agency code that is not known, or another agency's
 * code for an agency user, goes to /agency (docs/spec/data-entry.md section 2).
 */
export function AgencySitrepPage({ variant = 'draft' }: { variant?: Variant }) {
  const { agencyParam } = useParams();
  const identity = useIdentity();
  const national = isNational(identity);
  const own = agencyOf(identity);
  if (!agencyParam) {
    if (own) return <Navigate to={`/agency/sitrep/${own}`} replace />;
    if (national) return <AgencyChooser />;
    return <Navigate to="/agency" replace />;
  }
  const agency = agencyParam.toLowerCase();
  if (!isAgencyCode(agency) || (!national && own !== agency)) return <Navigate to="/agency" replace />;
  return variant === 'draft' ? (
    <DraftSitrep key={agency} agency={agency} />
  ) : (
    <SitrepCopy key={`${agency}-${variant}`} agency={agency} variant={variant} />
  );
}

/** /agency/sitrep/{agencyParam}/approved: the approved copy, read-only. */
export function ApprovedSitrepPage() {
  return <AgencySitrepPage variant="approved" />;
}

/** /agency/sitrep/{agencyParam}/published: the published copy, read-only. */
export function PublishedSitrepPage() {
  return <AgencySitrepPage variant="published" />;
}

function AgencyChooser() {
  const t = useT();
  const { locale } = useLocale();
  const stats = useQuery(agencySitrepStatsQuery());
  const byAgency = new Map((stats.data?.items ?? []).map((i) => [i.agency, i]));
  return (
    <div className="agency-sitrep">
      <PageHeader titleId="agencySitrep.title" />
      <p>
        <Link to="/agency">{t('overview')}</Link>
      </p>
      <h2>{t('chooseAgency')}</h2>
      <ul className="agency-sitrep-chooser">
        {AGENCIES.map((a) => {
          const s = byAgency.get(a.code);
          return (
            <li key={a.code}>
              <Link to={`/agency/sitrep/${a.code}`}>{a.name[locale]}</Link>{' '}
              {s ? (
                <span className="hint">
                  ({t(`status.${s.status}`)}, {t('meta.version')} {s.version_number})
                </span>
              ) : null}{' '}
              <Link to={`/agency/sitrep/${a.code}/approved`}>{t('approvedCopy')}</Link>{' '}
              <Link to={`/agency/sitrep/${a.code}/published`}>{t('publishedCopy')}</Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function agencyName(code: string, locale: 'en' | 'fr') {
  return AGENCIES.find((a) => a.code === code)?.name[locale] ?? code.toUpperCase();
}

function Meta({
  meta,
  statusText,
}: {
  meta: Pick<SitrepStatusFields, 'version_number' | 'last_edit' | 'edited_by'>;
  statusText: string;
}) {
  const t = useT();
  const intl = useIntl();
  return (
    <dl className="sitrep-meta">
      <div>
        <dt>{t('meta.status')}</dt>
        <dd data-testid="sitrep-status">{statusText}</dd>
      </div>
      <div>
        <dt>{t('meta.version')}</dt>
        <dd data-testid="sitrep-version">{meta.version_number}</dd>
      </div>
      <div>
        <dt>{t('meta.lastEdit')}</dt>
        <dd>
          {meta.last_edit
            ? intl.formatDate(meta.last_edit, { dateStyle: 'medium', timeStyle: 'short' })
            : t('meta.never')}
          {meta.edited_by ? ` ${t('meta.editedBy', { name: meta.edited_by })}` : ''}
        </dd>
      </div>
    </dl>
  );
}

function SitrepCopy({ agency, variant }: { agency: string; variant: 'approved' | 'published' }) {
  const t = useT();
  const { locale } = useLocale();
  const identity = useIdentity();
  const query = useQuery(sitrepQuery(agency, variant));
  const api = useMemo<FormApi | null>(
    () =>
      query.data
        ? {
            form: pickDocument(query.data),
            errors: {},
            disabled: true,
            dipFeed: query.data.has_dip_feed,
            bothLanguages: true,
            fireOptions: {},
            previous: null,
            change: noop,
            blur: noop,
            replace: noop,
            flag: noop,
          }
        : null,
    [query.data],
  );
  return (
    <div className="agency-sitrep" data-variant={variant}>
      <PageHeader
        titleId={variant === 'approved' ? 'agencySitrep.titleApproved' : 'agencySitrep.titlePublished'}
      />
      <p>
        <Link to="/agency">{t('overview')}</Link> · <strong>{agencyName(agency, locale)}</strong> ·{' '}
        <Link to={`/agency/sitrep/${agency}`}>{t('draft')}</Link>
      </p>
      {query.isPending ? <Loading /> : null}
      {query.error instanceof ApiError && query.error.status === 404 ? (
        <p className="alert alert-info">{t(`noCopy.${variant}`)}</p>
      ) : query.error ? (
        <ErrorBox />
      ) : null}
      {api && query.data ? (
        <>
          <Meta
            meta={query.data}
            statusText={t(`status.${variant === 'approved' ? 'A' : query.data.status}`)}
          />
          <p className="hint">{t('readOnly')}</p>
          {identity ? (
            <FormProvider value={api}>
              <SitrepForm />
            </FormProvider>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

/** The values this tab had not sent when another tab, device or user saved a newer version. */
interface Conflict {
  mine: AgencySitrepData;
  message: string;
}

function DraftSitrep({ agency }: { agency: string }) {
  const t = useT();
  const intl = useIntl();
  const { locale } = useLocale();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const identity = useIdentity();
  const national = isNational(identity);
  const myId = identity?.id;

  const query = useQuery(sitrepQuery(agency, 'draft'));
  const [form, setForm] = useState<AgencySitrepData>({});
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
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
  const { engine, state } = useEditing<SitrepStatusFields>({
    intervalMs: SYNC_INTERVAL_MS,
    save: (base, session, init) => {
      sentRef.current = formRef.current;
      return saveSitrep(agency, formRef.current, base, session, init);
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
      if (Object.keys(result.validationErrors ?? {}).length > 0) toast.error(t('toast.validation'));
      else toast.success(t('toast.synced'));
    },
    onConflict: (error) => {
      // Nothing is re-sent over the other version: it is loaded, and what this tab typed stays visible.
      setConflict({ mine: formRef.current, message: serverText(error, locale) });
      applyFields(bodyOf(error));
      void query.refetch();
    },
    onLocked: (error) => {
      applyFields(bodyOf(error));
      toast.error(serverText(error, locale));
    },
    onFailed: (error, kind) => {
      setFailed(true);
      if (kind === 'network') return; // retried by the next tick
      toast.error(serverText(error, locale));
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
    () => ({ ...fieldTexts(serverErrors, locale), ...clientErrors }),
    [serverErrors, clientErrors, locale],
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

  const message = (kind: ReturnType<typeof validityKind>) =>
    kind === 'required'
      ? t('error.required')
      : kind === 'invalidValue'
        ? t('error.invalidValue')
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
      const clear = (e: Record<string, string>) => (clears ? withoutKeys(e, clears) : withoutErrors(e, name));
      setServerErrors(clear);
      const kind = el ? validityKind(el) : undefined;
      setClientErrors((e) => (kind ? { ...e, [name]: message(kind) } : clear(e)));
    },
    blur: (name, el) => {
      const kind = el ? validityKind(el) : undefined;
      if (kind) {
        setClientErrors((e) => ({ ...e, [name]: message(kind) }));
        toast.error(t('toast.validation'));
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
      if (Object.values(flags).some(Boolean)) toast.error(t('toast.validation'));
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
      toast.error(serverText(error, locale));
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
      toast.error(serverText(error, locale));
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
      try {
        await transitionSitrep(action, agency, version, action === 'reject' ? reason.trim() : undefined);
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
      const v =
        error instanceof ApiError
          ? (error.validationErrors as Record<string, string> | undefined)
          : undefined;
      if (v) setServerErrors(v);
      toast.error(v ? t('toast.validation') : serverText(error, locale));
      // Approve or reject of a version that is no longer current: show the current one.
      if (serverCode(error) === 'sitrep.changed_since_opened') void query.refetch();
    } finally {
      setBusy(false);
    }
  };

  if (query.isPending) return <Loading />;
  if (query.error || !meta) {
    return (
      <div className="agency-sitrep">
        <PageHeader titleId="agencySitrep.title" />
        <ErrorBox />
      </div>
    );
  }

  const statusText = syncing ? t('status.syncing') : failed ? t('status.error') : t(`status.${meta.status}`);
  const byYou = meta.claimed_by != null && meta.claimed_by === myId;
  // Never saved (version 0): nothing to submit, approve or reject; the API refuses all three.
  const notStarted = meta.version_number === 0;
  const showReason = !!meta.rejected_reason && (meta.status === 'R' || meta.status === 'E');

  return (
    <div className="agency-sitrep" data-variant="draft">
      <PageHeader titleId="agencySitrep.title" />
      <p>
        <Link to="/agency">{t('overview')}</Link> · <strong>{agencyName(agency, locale)}</strong> ·{' '}
        <Link to={`/agency/sitrep/${agency}/approved`}>{t('approvedCopy')}</Link> ·{' '}
        <Link to={`/agency/sitrep/${agency}/published`}>{t('publishedCopy')}</Link>
      </p>
      <Meta meta={meta} statusText={statusText} />
      {showReason ? (
        <p className="alert alert-warning" role="status" data-testid="sitrep-rejected-reason">
          {t('rejectedReason', { reason: meta.rejected_reason ?? '' })}
        </p>
      ) : null}
      {meta.changed_since_submitted ? (
        <p className="alert alert-info" role="status" data-testid="sitrep-changed-since-submitted">
          {t('changedSinceSubmitted')}
        </p>
      ) : null}
      {conflict ? (
        <ConflictNotice
          message={conflict.message}
          mine={conflict.mine}
          current={form}
          fields={SITREP_FIELD_NAMES}
          label={catalogueLabel(intl, (k) => `agencySitrep.field.${k}`)}
          texts={{
            title: t('conflict.title'),
            field: t('conflict.field'),
            yours: t('conflict.yours'),
            current: t('conflict.current'),
            hint: t('conflict.hint'),
            dismiss: t('conflict.dismiss'),
          }}
          onDismiss={() => setConflict(null)}
        />
      ) : null}
      <div className="sitrep-controls">
        {locked ? (
          <button type="button" className="button" disabled>
            <span aria-hidden="true">🔒 </span>
            {t('edit.locked')} {byYou ? t('edit.byYou') : t('edit.byAgency')}
          </button>
        ) : national ? null : editing ? (
          <button type="button" className="button" onClick={pauseEditing} disabled={busy}>
            {t('edit.pause')}
          </button>
        ) : (
          <button type="button" className="button button-primary" onClick={startEditing} disabled={busy}>
            {t('edit.start')}
          </button>
        )}
      </div>
      {locked ? (
        <p className="hint" role="status">
          {t('lockedHint')}
        </p>
      ) : null}
      {unreachable ? (
        <p className="alert alert-error" role="status">
          {t('unreachable')}
        </p>
      ) : null}
      <form className="sitrep" noValidate onSubmit={(e) => e.preventDefault()} aria-busy={syncing}>
        <FormProvider value={api}>
          <SitrepForm />
        </FormProvider>
      </form>
      <div className="sitrep-actions">
        {national ? (
          <>
            <button
              type="button"
              className="button button-primary"
              disabled={busy || notStarted || !canApprove(meta.status)}
              onClick={() => transition('approve')}
            >
              {t('action.approve')}
            </button>
            <label className="sitrep-reject-reason">
              {t('rejectReason')}
              <textarea
                value={reason}
                maxLength={2000}
                rows={2}
                onChange={(e) => setReason(e.target.value)}
                disabled={busy || notStarted || !canReject(meta.status)}
              />
            </label>
            <button
              type="button"
              className="button"
              disabled={busy || notStarted || !canReject(meta.status)}
              onClick={() => transition('reject')}
            >
              {t('action.reject')}
            </button>
          </>
        ) : (
          <button
            type="button"
            className="button button-primary"
            disabled={
              busy || syncing || locked || hasErrors || (notStarted && !state.unsent && !state.queued)
            }
            title={notStarted ? t('submitNeedsSave') : undefined}
            onClick={() => transition('submit')}
          >
            {locked || hasErrors ? t('action.blocked') : t('action.submit')}
          </button>
        )}
      </div>
      <p>
        <Link to="/agency">{t('overview')}</Link>
      </p>
    </div>
  );
}
