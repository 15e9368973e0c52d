import type { SitrepStatusFields } from '@ciffc/contracts';
import { useIntl } from 'react-intl';
import { useT } from './useT.ts';

/** Status, version and last edit of a draft or copy. */
export function SitrepMeta({
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
