import { CENTRE_TIME_ZONE, isoDateInZone, SITREP_FIELD_NAMES } from '@ciffc/contracts';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { ReauthDialog } from '../../shared/auth/ReauthDialog.tsx';
import { ConflictNotice } from '../../shared/editing/ConflictNotice.tsx';
import { ConnectionStatus } from '../../shared/editing/ConnectionStatus.tsx';
import { useLocale } from '../../shared/i18n/LocaleProvider.tsx';
import { ErrorBox } from '../../shared/ui/ErrorBox.tsx';
import { Loading } from '../../shared/ui/Loading.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { DraftActions } from './DraftActions.tsx';
import { EditControls } from './EditControls.tsx';
import { sitrepFieldLabel } from './field-labels.ts';
import { FormProvider } from './form-context.ts';
import { SitrepForm } from './SitrepForm.tsx';
import { SitrepMeta } from './SitrepMeta.tsx';
import { agencyName } from './sitrep-document.ts';
import { useDraftSitrep } from './useDraftSitrep.ts';
import { useT } from './useT.ts';

/** An agency's draft: its state, the notices about it, the form and the actions on it. */
export function DraftSitrep({ agency }: { agency: string }) {
  const t = useT();
  const intl = useIntl();
  const { locale } = useLocale();
  const {
    query,
    form,
    meta,
    failed,
    busy,
    conflict,
    dismissConflict,
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
    reauth,
  } = useDraftSitrep(agency);

  if (query.isPending) return <Loading />;
  if (query.error || !meta) {
    return (
      <div className="agency-sitrep">
        <PageHeader titleId="agencySitrep.title" />
        <ErrorBox />
      </div>
    );
  }

  // "Editing" only while someone holds the claim; a paused draft is a draft not yet submitted.
  const paused = meta.status === 'E' && meta.claimed_by == null;
  const statusText = syncing
    ? t('status.syncing')
    : failed
      ? t('status.error')
      : t(paused ? 'status.draft' : `status.${meta.status}`);
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
      <SitrepMeta
        meta={meta}
        statusText={statusText}
        // The draft is the agency's report for the centre's today (the day the national report covers).
        reportDate={isoDateInZone(new Date(), CENTRE_TIME_ZONE)}
      />
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
          label={sitrepFieldLabel(intl)}
          texts={{
            title: t('conflict.title'),
            field: t('conflict.field'),
            yours: t('conflict.yours'),
            current: t('conflict.current'),
            hint: t('conflict.hint'),
            dismiss: t('conflict.dismiss'),
          }}
          onDismiss={dismissConflict}
        />
      ) : null}
      <EditControls
        locked={locked}
        byYou={byYou}
        national={national}
        editing={editing}
        busy={busy}
        onStart={startEditing}
        onPause={pauseEditing}
      />
      <ConnectionStatus state={state} />
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
      <ReauthDialog open={reauth.needed} onSignedIn={reauth.done} />
      <DraftActions
        national={national}
        status={meta.status}
        busy={busy}
        notStarted={notStarted}
        blocked={locked || hasErrors}
        submitDisabled={
          busy || syncing || locked || hasErrors || (notStarted && !state.unsent && !state.queued)
        }
        editingBy={national && locked && !byYou ? (meta.claimed_by_name ?? t('someone')) : null}
        reason={reason}
        onReason={setReason}
        onTransition={transition}
      />
      <p>
        <Link to="/agency">{t('overview')}</Link>
      </p>
    </div>
  );
}
