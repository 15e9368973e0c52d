import { useIntl } from 'react-intl';
import type { MessageId } from '../../app/messages.ts';
import { formatCentreTime } from '../../shared/format/CentreTime.tsx';

/** The report's date and when the centre last changed it (the centre's clock). */
export function ReportFooter({ longDate, editedAt }: { longDate: string; editedAt: string }) {
  const intl = useIntl();
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  return (
    <footer className="report-footer">
      <p>
        {t('situation.footer.date', { date: longDate })}
        {' · '}
        {t('situation.footer.updated', {
          time: formatCentreTime(intl, editedAt, {
            year: 'numeric',
            month: 'short',
            day: 'numeric',
            hour: 'numeric',
            minute: '2-digit',
          }),
        })}
      </p>
    </footer>
  );
}
