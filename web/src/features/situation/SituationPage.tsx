import { isReportDate } from '@ciffc/contracts';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import type { MessageId } from '../../app/messages.ts';
import { archiveQuery } from '../../shared/api/archive.ts';
import { ApiError } from '../../shared/api/http.ts';
import { useIdentity } from '../../shared/auth/hooks.ts';
import { ErrorBox } from '../../shared/ui/ErrorBox.tsx';
import { Loading } from '../../shared/ui/Loading.tsx';
import { usePageTitle } from '../../shared/ui/usePageTitle.ts';
import { situationQuery } from './api.ts';
import { Report } from './Report.tsx';
import { ReportNav } from './ReportNav.tsx';

/** /situation and /situation/{date}: the latest or a dated national report, with the links between reports. */
export function SituationPage() {
  const { date } = useParams();
  const intl = useIntl();
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const identity = useIdentity();
  const validDate = date === undefined || isReportDate(date);
  const query = useQuery({ ...situationQuery(date, identity !== null), enabled: validDate });
  // The links to the other reports stand above the report: it waits for their first answer, so
  // that the report does not move down when they arrive (layout shift); a failing archive does not
  // hold the report back while it is retried.
  const archive = useQuery(archiveQuery());
  const linksPending = archive.isPending && archive.errorUpdateCount === 0;
  // A query's answer renders at once and in one piece (React Query's store updates cannot wait); the
  // report, hundreds of rows, is drawn from a deferred copy instead, which React renders in slices
  // (a task of 230 ms on a phone's 4x slower CPU, Lighthouse's Total Blocking Time).
  const report = useDeferredValue(query.data);
  usePageTitle(t('situation.title'));

  const back = (
    <p className="situation-back no-print">
      <Link to="/situation/archive">{t('situation.backToArchive')}</Link>
    </p>
  );
  if (
    !validDate ||
    (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400))
  ) {
    return (
      <div className="situation">
        {back}
        <h1>{t('situation.title')}</h1>
        <p className="alert alert-warning" role="alert">
          {date ? t('situation.noReportFor', { date }) : t('situation.noReport')}
        </p>
        <ReportNav date={validDate ? date : undefined} missing />
      </div>
    );
  }
  if (query.isPending || linksPending || (report === undefined && !query.isError))
    return (
      <div className="situation">
        {back}
        <h1>{t('situation.title')}</h1>
        <Loading />
      </div>
    );
  if (query.isError || report === undefined)
    return (
      <div className="situation">
        {back}
        <h1>{t('situation.title')}</h1>
        <ErrorBox />
      </div>
    );
  return (
    <div className="situation">
      {back}
      <ReportNav date={report.field_date} />
      <Report report={report} />
    </div>
  );
}
