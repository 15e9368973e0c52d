import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { MessageId } from '../../app/messages.ts';

/** Publish (or Republish) while editing, blocked while the form has errors; the way back to the overview. */
export function PublishFooter({
  canPublish,
  hasErrors,
  busy,
  published,
  editing,
  onPublish,
}: {
  /** Editing and not locked by someone else. */
  canPublish: boolean;
  hasErrors: boolean;
  busy: boolean;
  published: boolean;
  editing: boolean;
  onPublish: () => void;
}) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  return (
    <div className="sitrep-footer">
      {canPublish ? (
        <button
          type="button"
          className="button button-primary"
          disabled={hasErrors || busy}
          onClick={onPublish}
        >
          {hasErrors
            ? t('nationalSitrep.blocked')
            : published
              ? t('nationalSitrep.republish')
              : t('nationalSitrep.publish')}
        </button>
      ) : null}
      {editing && hasErrors ? <p className="sitrep-hint">{t('nationalSitrep.blockedHint')}</p> : null}
      <Link to="/agency">{t('nationalSitrep.overview')}</Link>
    </div>
  );
}
