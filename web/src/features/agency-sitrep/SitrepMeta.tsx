import type { SitrepStatusFields } from '@ciffc/contracts';
import { useIntl } from 'react-intl';
import { LongDay } from '../../shared/format/LongDay.tsx';
import { useT } from './useT.ts';

/** Status, version and last edit of a draft or copy; the day it reports for, on the draft. */
export function SitrepMeta({
  meta,
  statusText,
  reportDate,
}: {
  meta: Pick<SitrepStatusFields, 'version_number' | 'last_edit' | 'edited_by'>;
  statusText: string;
  /** YYYY-MM-DD. */
  reportDate?: string;
}) {
  const t = useT();
  const intl = useIntl();
  return (
    <dl className="sitrep-meta">
      {reportDate ? (
        <div>
          <dt>{t('meta.reportDate')}</dt>
          <dd data-testid="sitrep-report-date">
            <LongDay day={reportDate} />
          </dd>
        </div>
      ) : null}
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
