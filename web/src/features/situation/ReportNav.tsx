import type { SitrepArchive } from '@ciffc/contracts';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { MessageId } from '../../app/messages.ts';
import { archiveQuery } from '../../shared/api/archive.ts';

/** Every published report date of the archive, oldest first. */
function publishedDates(archive: SitrepArchive): string[] {
  return archive.years
    .flatMap((y) => y.months.flatMap((m) => m.days.map((d) => d.date)))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The published reports just before and just after `date` (which need not have one itself). */
function neighbours(dates: readonly string[], date: string): { previous?: string; next?: string } {
  const previous = dates.filter((d) => d < date).at(-1);
  const next = dates.find((d) => d > date);
  return { ...(previous ? { previous } : {}), ...(next ? { next } : {}) };
}

/**
 * Previous and next published report, and the latest report where it is not the one shown
 *. Built from the archive the site already caches, so it costs no new endpoint; while it
 * loads, or if it fails, the report simply shows no such links.
 */
export function ReportNav({ date, missing = false }: { date: string | undefined; missing?: boolean }) {
  const intl = useIntl();
  const t = (id: MessageId, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  // A report's day in words ("Dec. 2, 2026", « 2 déc. 2026 »), never its ISO form, beside a heading in words.
  const day = (date: string) =>
    intl.formatDate(`${date}T12:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' });
  const archive = useQuery(archiveQuery());
  if (!archive.data) return null;
  const latest = archive.data.latest?.field_date;
  const current = date ?? latest;
  if (!current) return null;
  const { previous, next } = neighbours(publishedDates(archive.data), current);
  const showLatest = latest !== undefined && (missing || current !== latest);
  if (!previous && !next && !showLatest) return null;
  return (
    <nav className="report-nav no-print" aria-label={t('situation.nav.label')}>
      {previous ? (
        <Link to={`/situation/${previous}`} rel="prev">
          {t('situation.nav.previous', { date: day(previous) })}
        </Link>
      ) : null}
      {showLatest ? <Link to="/situation">{t('situation.nav.latest', { date: day(latest) })}</Link> : null}
      {next ? (
        <Link to={`/situation/${next}`} rel="next">
          {t('situation.nav.next', { date: day(next) })}
        </Link>
      ) : null}
    </nav>
  );
}
