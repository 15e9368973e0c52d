import type { HistoricalEntry, PublicNationalSitrep } from '@ciffc/contracts';
import { numbersAfterLabel } from '../../shared/ui/ReportTable.tsx';
import { type AgencyEntry, sum } from './report-data.ts';
import { Section } from './Section.tsx';
import { SituationTable } from './SituationTable.tsx';
import { useReportFormat } from './useReportFormat.ts';

/**
 * Carry-over fires counted in an agency's "fires this year" (reports published before the figures
 * included them have no `carry_over`, and then no asterisk either).
 */
const carriedOver = (h: HistoricalEntry) => h.carry_over?.fires ?? 0;

/** This year and last year to date, the 5- to 25-year averages, and the fires carried over. */
export function NationalStatisticsSection({
  report,
  entries,
}: {
  report: PublicNationalSitrep;
  entries: AgencyEntry[];
}) {
  const { t, f, ha, agencyName, stageName } = useReportFormat(report);
  return (
    <Section id="sr-national-stats" title={t('situation.section.nationalStatistics')}>
      <SituationTable
        caption={t('situation.ytd.caption')}
        head={[
          t('situation.agency'),
          t('situation.ytd.currentFires'),
          t('situation.ytd.currentArea'),
          t('situation.ytd.lastFires'),
          t('situation.ytd.lastArea'),
        ]}
        kinds={numbersAfterLabel(4)}
        rows={report.historical.map((h) => [
          agencyName(h.field_agency_code),
          <span key="c">
            {f.integer(h.current_year.fires)}
            {carriedOver(h) > 0 ? (
              <abbr className="carry-over" title={t('situation.carryOverTitle', { count: carriedOver(h) })}>
                *
              </abbr>
            ) : null}
          </span>,
          f.hectares(h.current_year.area),
          f.integer(h.last_year.fires),
          f.hectares(h.last_year.area),
        ])}
        foot={[
          t('situation.total'),
          f.integer(sum(report.historical.map((h) => h.current_year.fires))),
          f.hectares(sum(report.historical.map((h) => h.current_year.area))),
          f.integer(sum(report.historical.map((h) => h.last_year.fires))),
          f.hectares(sum(report.historical.map((h) => h.last_year.area))),
        ]}
        empty={t('situation.none')}
      />
      {report.historical.some((h) => carriedOver(h) > 0) ? (
        <p className="disclaimer">{t('situation.carryOverDisclaimer')}</p>
      ) : null}
      <SituationTable
        caption={t('situation.averages.caption')}
        head={[
          t('situation.agency'),
          ...([5, 10, 15, 20, 25] as const).flatMap((y) => [
            t('situation.averages.fires', { years: y }),
            t('situation.averages.area', { years: y }),
          ]),
        ]}
        kinds={numbersAfterLabel(10)}
        rows={report.historical_averages.map((h) => [
          agencyName(h.field_agency_code),
          ...(['years5', 'years10', 'years15', 'years20', 'years25'] as const).flatMap((k) => [
            f.decimal(h[k].fires),
            f.hectares(h[k].area),
          ]),
        ])}
        foot={[
          t('situation.total'),
          ...(['years5', 'years10', 'years15', 'years20', 'years25'] as const).flatMap((k) => [
            f.decimal(sum(report.historical_averages.map((h) => h[k].fires))),
            f.hectares(sum(report.historical_averages.map((h) => h[k].area))),
          ]),
        ]}
        empty={t('situation.none')}
      />
      <SituationTable
        caption={t('situation.carryOver.caption')}
        head={[
          t('situation.agency'),
          t('situation.fire'),
          t('situation.stage'),
          t('situation.size'),
          t('situation.carryOver.reported'),
        ]}
        kinds={['text', 'text', 'text', 'number', 'text']}
        rows={entries.flatMap(([code, e]) =>
          e.carry_over_fires.map((c) => [
            agencyName(code),
            c.field_fire_id,
            stageName(c.field_stage_of_control),
            ha(c.field_size),
            c.field_situation_report_date,
          ]),
        )}
        empty={t('situation.none')}
      />
    </Section>
  );
}
