import { displayNationalStatus, type NationalSitrepFields } from '@ciffc/contracts';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../app/messages.ts';
import { ConflictNotice, catalogueLabel } from '../../shared/editing/ConflictNotice.tsx';
import { LongDay } from '../../shared/format/LongDay.tsx';
import type { NationalMeta, SyncState } from './useNationalSitrep.ts';

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

/**
 * The top of the national form: status (with the sync state and who holds the claim), version,
 * last update and report date; the conflict notice; Start editing, Pause Edit or the lock.
 */
export function NationalToolbar({
  meta,
  reportDate,
  sync,
  conflict,
  form,
  myId,
  locked,
  editing,
  onDismissConflict,
  onStart,
  onPause,
}: {
  meta: NationalMeta;
  reportDate: string;
  sync: SyncState;
  conflict: { mine: NationalSitrepFields; message: string } | null;
  form: NationalSitrepFields;
  myId: number | undefined;
  locked: boolean;
  editing: boolean;
  onDismissConflict: () => void;
  onStart: () => void;
  onPause: () => void;
}) {
  const intl = useIntl();
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
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
      ? meta.claimed_by === myId
        ? t('nationalSitrep.status.byYou')
        : t('nationalSitrep.status.byOther', { name: meta.claimed_by_name ?? '' })
      : '';

  return (
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
          <dd>
            <LongDay day={reportDate} />
          </dd>
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
          onDismiss={onDismissConflict}
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
          <button type="button" className="button" onClick={onPause}>
            {t('nationalSitrep.pauseEdit')}
          </button>
        ) : (
          <button type="button" className="button button-primary" onClick={onStart}>
            {t('nationalSitrep.startEditing')}
          </button>
        )}
      </div>
    </section>
  );
}
