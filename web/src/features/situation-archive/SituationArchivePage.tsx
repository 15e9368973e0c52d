import { PREPAREDNESS_LEVEL_COLOURS as LEVEL_COLOURS, type SitrepArchive } from '@ciffc/contracts';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { archiveQuery } from '../../shared/api/archive.ts';
import { useLocale } from '../../shared/i18n/LocaleProvider.tsx';
import { ErrorBox } from '../../shared/ui/ErrorBox.tsx';
import { Loading } from '../../shared/ui/Loading.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { isoDate, monthWeeks, weekStartsOn } from './calendar.ts';
import './situation-archive.css';
import type { MessageId } from '../../app/messages.ts';

type Month = SitrepArchive['years'][number]['months'][number];

/**
 * A year's calendar shows the months that hold a report, newest first (docs/decisions.md, archive
 * calendar; it once showed every month, oldest first, empty ones included).
 */
export function monthsOfYear(y: SitrepArchive['years'][number]): Month[] {
  return y.months.filter((m) => m.days.length > 0).sort((a, b) => b.month - a.month);
}

function MonthGrid({ year, month }: { year: number; month: Month }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const startsOn = weekStartsOn(locale);
  const weeks = monthWeeks(year, month.month, startsOn);
  const byDate = new Map(month.days.map((d) => [d.date, d.data.field_preparedness_level]));
  const weekdays = (weeks[0] ?? []).map((_, i) => {
    // 2023-01-01 was a Sunday: Sunday + (startsOn + i) days.
    const d = new Date(2023, 0, 1 + ((startsOn + i) % 7));
    return {
      short: intl.formatDate(d, { weekday: 'narrow' }),
      long: intl.formatDate(d, { weekday: 'long' }),
    };
  });
  const title = intl.formatDate(new Date(year, month.month - 1, 1), { month: 'long', year: 'numeric' });
  return (
    <table className="archive-month">
      <caption>{title}</caption>
      <thead>
        <tr>
          {weekdays.map((w) => (
            <th key={w.long} scope="col">
              <abbr title={w.long}>{w.short}</abbr>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week.find((d) => d)?.toISOString() ?? ''}>
            {week.map((d, i) => {
              if (!d) {
                // biome-ignore lint/suspicious/noArrayIndexKey: blank cells of a fixed week
                return <td key={i} />;
              }
              const date = isoDate(d);
              const level = byDate.get(date);
              if (!level) {
                return (
                  <td key={date} className="no-report">
                    {d.getDate()}
                  </td>
                );
              }
              const label = intl.formatMessage(
                { id: 'archive.dayLabel' },
                { date: intl.formatDate(d, { dateStyle: 'full' }), level },
              );
              return (
                <td key={date} className="has-report">
                  <Link
                    to={`/situation/${date}`}
                    aria-label={label}
                    title={label}
                    style={LEVEL_COLOURS[level]}
                    data-level={level}
                  >
                    {d.getDate()}
                  </Link>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function SituationArchivePage() {
  const intl = useIntl();
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const query = useQuery(archiveQuery());
  const { locale } = useLocale();

  if (query.isPending)
    return (
      <>
        <PageHeader titleId="archive.title" />
        <Loading />
      </>
    );
  if (query.isError)
    return (
      <>
        <PageHeader titleId="archive.title" />
        <ErrorBox />
      </>
    );
  const { latest, years } = query.data;
  return (
    <div className="situation-archive">
      <PageHeader titleId="archive.title" />
      {latest ? (
        <section className="archive-latest" aria-labelledby="archive-latest-heading">
          <h2 id="archive-latest-heading">{t('archive.latest')}</h2>
          <p>
            {t('archive.latestLevel')}{' '}
            <span className="level-swatch" style={LEVEL_COLOURS[latest.field_preparedness_level]}>
              {latest.field_preparedness_level}
            </span>
          </p>
          <p>
            <Link to={`/situation/${latest.field_date}`}>
              {t('archive.latestLink', {
                date: intl.formatDate(`${latest.field_date}T12:00:00Z`, {
                  dateStyle: 'long',
                  timeZone: 'UTC',
                }),
              })}
            </Link>
          </p>
        </section>
      ) : (
        <p>{t('archive.empty')}</p>
      )}
      <section className="archive-subscribe" aria-labelledby="archive-subscribe-heading">
        <h2 id="archive-subscribe-heading">{t('archive.subscribe')}</h2>
        <ul>
          <li>
            <a href={`/v1/sitrep/feed.atom?lang=${locale}`} type="application/atom+xml">
              {t('archive.feedReports')}
            </a>
          </li>
          <li>
            <a href={`/v1/sitrep/preparedness-level.atom?lang=${locale}`} type="application/atom+xml">
              {t('archive.feedLevels')}
            </a>
          </li>
        </ul>
      </section>
      <section className="archive-legend" aria-labelledby="archive-legend-heading">
        <h2 id="archive-legend-heading">{t('archive.legend')}</h2>
        <ul>
          {['1', '2', '3', '4', '5'].map((level) => (
            <li key={level}>
              <span className="level-swatch" style={LEVEL_COLOURS[level]} aria-hidden="true">
                {level}
              </span>{' '}
              {t('archive.levelName', { level })}
            </li>
          ))}
          <li>
            <span className="level-swatch no-report-swatch" aria-hidden="true" /> {t('archive.noReport')}
          </li>
        </ul>
      </section>
      {[...years]
        .sort((a, b) => b.year - a.year)
        .map((y) => (
          <section key={y.year} className="archive-year" aria-labelledby={`archive-${y.year}`}>
            <h2 id={`archive-${y.year}`}>{y.year}</h2>
            <div className="archive-months">
              {monthsOfYear(y).map((m) => (
                <MonthGrid key={m.month} year={y.year} month={m} />
              ))}
            </div>
          </section>
        ))}
    </div>
  );
}
