import {
  type HistoricalEntry,
  isReportDate,
  NATIONAL_MOB_COLUMNS,
  type NationalMobTableRow,
  PREPAREDNESS_LEVEL_COLOURS,
  PRODUCT,
  type PublicAgencySitrep,
  type PublicMobilizationRow,
  type PublicNationalSitrep,
  preparednessDescription,
  STAGE_OF_CONTROL_NAMES,
  type StageOfControl,
} from '@ciffc/contracts';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../shared/api/http.ts';
import { useIdentity } from '../../shared/auth/hooks.ts';
import { useFormat } from '../../shared/format/useFormat.ts';
import { useLocale } from '../../shared/i18n/LocaleProvider.tsx';
import { ErrorBox } from '../../shared/ui/ErrorBox.tsx';
import { Loading } from '../../shared/ui/Loading.tsx';
import { usePageTitle } from '../../shared/ui/usePageTitle.ts';
import { situationQuery } from './api.ts';
import { ReportNav } from './ReportNav.tsx';
import './situation.css';
import { numbersAfterLabel, ReportTable, type ReportTableProps } from '../../shared/ui/ReportTable.tsx';

type T = (id: string, values?: Record<string, string | number>) => string;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="situation-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function Table(props: Omit<ReportTableProps, 'className'>) {
  return <ReportTable {...props} className="report-table" />;
}

/**
 * Carry-over fires counted in an agency's "fires this year" (reports published before the figures
 * included them have no `carry_over`, and then no asterisk either).
 */
const carriedOver = (h: HistoricalEntry) => h.carry_over?.fires ?? 0;

const sum = (values: (number | null | undefined)[]) => values.reduce<number>((s, v) => s + (v ?? 0), 0);

export function SituationPage() {
  const { date } = useParams();
  const intl = useIntl();
  const t: T = (id, values) => intl.formatMessage({ id }, values);
  const identity = useIdentity();
  const validDate = date === undefined || isReportDate(date);
  const query = useQuery({ ...situationQuery(date, identity !== null), enabled: validDate });
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
  if (query.isPending)
    return (
      <div className="situation">
        {back}
        <h1>{t('situation.title')}</h1>
        <Loading />
      </div>
    );
  if (query.isError)
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
      <ReportNav date={query.data.field_date} />
      <Report report={query.data} />
    </div>
  );
}

export function Report({ report }: { report: PublicNationalSitrep }) {
  const intl = useIntl();
  const t: T = (id, values) => intl.formatMessage({ id }, values);
  const f = useFormat();
  const { locale } = useLocale();
  const fr = locale === 'fr';
  const n = (v: number | null | undefined) => (v == null ? '–' : f.integer(v));
  const ha = (v: number | null | undefined) => (v == null ? '–' : f.hectares(v));
  const longDate = intl.formatDate(`${report.field_date}T12:00:00Z`, { dateStyle: 'full', timeZone: 'UTC' });
  const agencyName = (code: string) => {
    const a = report.agencies.find((x) => x.field_code === code);
    return a ? (fr ? a.field_name_fr : a.field_name_en) : code.toUpperCase();
  };
  // Names, not codes (issue 14): OC/BH/UC/OUT as the national list and the filters say them.
  const stageName = (code: string) =>
    code in STAGE_OF_CONTROL_NAMES ? STAGE_OF_CONTROL_NAMES[code as StageOfControl][locale] : code;
  const entries = report.agencies
    .map((a) => [a.field_code, report.agencies_sitereps[a.field_code]] as const)
    .filter((e): e is readonly [string, PublicAgencySitrep] => !!e[1]);
  const withSitrep = entries.filter(([, e]) => e.sitrep) as (readonly [
    string,
    PublicAgencySitrep & { sitrep: NonNullable<PublicAgencySitrep['sitrep']> },
  ])[];
  const place = (code: string) => {
    if (code === 'ciffc') return PRODUCT;
    if (code === 'fed') return fr ? 'Féd.' : 'Fed';
    if (code === 'intl') return 'Intl';
    return code.toUpperCase();
  };
  const level = report.field_preparedness_level;
  const colour = PREPAREDNESS_LEVEL_COLOURS[level];
  const expanded = report.expanded_data;

  const mobTable = (rows: PublicMobilizationRow[], caption: string) => (
    <Table
      caption={caption}
      head={[t('situation.to'), t('situation.resource'), t('situation.from')]}
      rows={rows.map((r) => [
        place(r.field_to),
        fr ? r.field_fr_resource : r.field_en_resource,
        place(r.field_from),
      ])}
      empty={t('situation.none')}
    />
  );
  const nationalGrid = (rows: NationalMobTableRow[], caption: string) => (
    <Table
      caption={caption}
      head={[t('situation.resource'), ...NATIONAL_MOB_COLUMNS.map(place), t('situation.total')]}
      kinds={numbersAfterLabel(NATIONAL_MOB_COLUMNS.length + 1)}
      rows={rows.map((r) => [
        <abbr key="r" title={fr ? r.field_fr_resource : r.field_en_resource}>
          {r.field_resource}
        </abbr>,
        ...NATIONAL_MOB_COLUMNS.map((c) => (r.counts[c] == null ? '' : f.integer(r.counts[c] as number))),
        f.integer(r.total),
      ])}
      foot={[
        t('situation.total'),
        ...NATIONAL_MOB_COLUMNS.map((c) => f.integer(sum(rows.map((r) => r.counts[c])))),
        f.integer(sum(rows.map((r) => r.total))),
      ]}
      empty={t('situation.none')}
    />
  );

  const stats = withSitrep.map(([, e]) => e.sitrep);

  return (
    <article className="situation-report" lang={locale}>
      <header className="report-header">
        <h1>{t('situation.heading', { date: longDate })}</h1>
        <button type="button" className="button no-print" onClick={() => window.print()}>
          {t('situation.print')}
        </button>
      </header>

      <Section id="sr-summary" title={t('situation.section.summary')}>
        <p className="national-level">
          {t('situation.nationalLevel')}{' '}
          <span className="level-badge" style={colour} data-level={level}>
            {level === '0' ? '–' : level}
          </span>
        </p>
        {level !== '0' ? (
          <p className="level-description">{preparednessDescription(level, fr ? 'fr' : 'en')}</p>
        ) : null}
        <div className="summary-text">
          {fr ? report.field_fr_summary_comments : report.field_en_summary_comments}
        </div>
        {report.field_duty_officer ? (
          <p>
            {t('situation.dutyOfficer')} {report.field_duty_officer}
          </p>
        ) : null}
        {withSitrep.length > 0 ? (
          <dl className="ops-summaries">
            {withSitrep.map(([code, e]) => (
              <div key={code}>
                <dt>{agencyName(code)}</dt>
                <dd>{fr ? e.sitrep.field_fr_operations_summary : e.sitrep.field_en_operations_summary}</dd>
              </div>
            ))}
          </dl>
        ) : null}
      </Section>

      <Section id="sr-stats" title={t('situation.section.fireStatistics')}>
        <Table
          caption={t('situation.stats.newAndFull')}
          head={[
            t('situation.agency'),
            t('situation.stats.natural'),
            t('situation.stats.human'),
            t('situation.stats.other'),
            t('situation.stats.newTotal'),
            t('situation.stats.oc'),
            t('situation.stats.bh'),
            t('situation.stats.uc'),
            t('situation.stats.activeArea'),
            t('situation.stats.out'),
            t('situation.stats.outArea'),
          ]}
          kinds={numbersAfterLabel(10)}
          rows={withSitrep.map(([code, { sitrep: s }]) => [
            agencyName(code),
            n(s.field_today_natural),
            n(s.field_today_human),
            n(s.field_today_other),
            n(sum([s.field_today_natural, s.field_today_human, s.field_today_other])),
            n(s.field_full_oc),
            n(s.field_full_bh),
            n(s.field_full_uc),
            ha(s.field_full_active_area),
            n(s.field_full_out),
            ha(s.field_full_out_area),
          ])}
          foot={[
            t('situation.total'),
            n(sum(stats.map((s) => s.field_today_natural))),
            n(sum(stats.map((s) => s.field_today_human))),
            n(sum(stats.map((s) => s.field_today_other))),
            n(sum(stats.map((s) => sum([s.field_today_natural, s.field_today_human, s.field_today_other])))),
            n(sum(stats.map((s) => s.field_full_oc))),
            n(sum(stats.map((s) => s.field_full_bh))),
            n(sum(stats.map((s) => s.field_full_uc))),
            ha(sum(stats.map((s) => s.field_full_active_area))),
            n(sum(stats.map((s) => s.field_full_out))),
            ha(sum(stats.map((s) => s.field_full_out_area))),
          ]}
          empty={t('situation.noAgencyReports')}
        />
        <Table
          caption={t('situation.stats.otherResponses')}
          head={[
            t('situation.agency'),
            t('situation.stats.modActive'),
            t('situation.stats.modOut'),
            t('situation.stats.modArea'),
            t('situation.stats.monActive'),
            t('situation.stats.monOut'),
            t('situation.stats.monArea'),
            t('situation.stats.rxActive'),
            t('situation.stats.rxOut'),
            t('situation.stats.rxArea'),
          ]}
          kinds={numbersAfterLabel(9)}
          rows={withSitrep.map(([code, { sitrep: s }]) => [
            agencyName(code),
            n(s.field_mod_active),
            n(s.field_mod_out),
            ha(s.field_mod_area),
            n(s.field_mon_active),
            n(s.field_mon_out),
            ha(s.field_mon_area),
            n(s.field_prescribed_active),
            n(s.field_prescribed_out),
            ha(s.field_prescribed_area),
          ])}
          foot={[
            t('situation.total'),
            n(sum(stats.map((s) => s.field_mod_active))),
            n(sum(stats.map((s) => s.field_mod_out))),
            ha(sum(stats.map((s) => s.field_mod_area))),
            n(sum(stats.map((s) => s.field_mon_active))),
            n(sum(stats.map((s) => s.field_mon_out))),
            ha(sum(stats.map((s) => s.field_mon_area))),
            n(sum(stats.map((s) => s.field_prescribed_active))),
            n(sum(stats.map((s) => s.field_prescribed_out))),
            ha(sum(stats.map((s) => s.field_prescribed_area))),
          ]}
          empty={t('situation.noAgencyReports')}
        />
      </Section>

      <Section id="sr-priority" title={t('situation.section.priorityFires')}>
        <Table
          caption={t('situation.section.priorityFires')}
          head={[
            t('situation.agency'),
            t('situation.fire'),
            t('situation.latitude'),
            t('situation.longitude'),
            t('situation.stage'),
            t('situation.size'),
            t('situation.incidentType'),
            t('situation.contained'),
          ]}
          kinds={['text', 'text', 'number', 'number', 'text', 'number', 'text', 'number']}
          rows={entries.flatMap(([code, e]) =>
            e.priority_fires.map((p) => [
              agencyName(code),
              p.field_fire_id,
              p.field_latitude == null ? '–' : f.coordinate(p.field_latitude),
              p.field_longitude == null ? '–' : f.coordinate(p.field_longitude),
              stageName(p.field_stage_of_control),
              ha(p.field_size),
              p.field_incident_type == null
                ? '–'
                : t('situation.incidentTypeValue', { type: p.field_incident_type }),
              p.field_percent_contained == null ? '–' : `${f.integer(p.field_percent_contained)} %`,
            ]),
          )}
          empty={t('situation.none')}
        />
      </Section>

      {expanded ? (
        <Section id="sr-fop" title={t('situation.section.fop')}>
          <Table
            caption={t('situation.section.fop')}
            head={[t('situation.agency'), t('situation.fop.lightning'), t('situation.fop.human')]}
            kinds={numbersAfterLabel(2)}
            rows={withSitrep.map(([code, { sitrep: s }]) => [
              code.toUpperCase(),
              n(s.field_occurrence_prediction_lightning),
              n(s.field_occurrence_prediction_human),
            ])}
            empty={t('situation.noAgencyReports')}
          />
        </Section>
      ) : null}

      <Section id="sr-prep" title={t('situation.section.prepLevels')}>
        <Table
          caption={t('situation.section.prepLevels')}
          head={[t('situation.agency'), t('situation.level'), t('situation.comment')]}
          kinds={['text', 'number', 'prose']}
          rows={withSitrep.map(([code, { sitrep: s }]) => [
            agencyName(code),
            n(s.field_preparedness),
            fr ? s.field_fr_preparedness_comment : s.field_en_preparedness_comment,
          ])}
          empty={t('situation.noAgencyReports')}
        />
      </Section>

      {expanded ? (
        <>
          <Section id="sr-porr" title={t('situation.section.porr')}>
            <Table
              caption={t('situation.section.porr')}
              head={[t('situation.agency'), t('situation.requirements')]}
              kinds={['text', 'prose']}
              rows={report.resource_requirements.map((r) => [
                agencyName(r.field_for),
                fr ? r.field_fr_resources : r.field_en_resources,
              ])}
              empty={t('situation.none')}
            />
          </Section>
          <Section id="sr-chh" title={t('situation.section.chh')}>
            <Table
              caption={t('situation.section.chh')}
              head={[
                t('situation.agency'),
                t('situation.chh.light'),
                t('situation.chh.intermediate'),
                t('situation.chh.medium'),
                t('situation.chh.heavy'),
              ]}
              kinds={numbersAfterLabel(4)}
              rows={withSitrep.map(([code, { sitrep: s }]) => [
                code.toUpperCase(),
                n(s.field_casual_helicopter_light),
                n(s.field_casual_helicopter_intermediate),
                n(s.field_casual_helicopter_medium),
                n(s.field_casual_helicopter_heavy),
              ])}
              empty={t('situation.noAgencyReports')}
            />
          </Section>
        </>
      ) : null}

      <Section id="sr-mobs" title={t('situation.section.mobilizations')}>
        {mobTable(report.recent_mobilizations, t('situation.mobs.national'))}
        {mobTable(
          entries.flatMap(([, e]) => e.mobilizations),
          t('situation.mobs.agencies'),
        )}
        <h3>{t('situation.section.nationalMobilizations')}</h3>
        {nationalGrid(report.national_mobilizations_to, t('situation.nationalMobs.to'))}
        {nationalGrid(report.national_mobilizations_from, t('situation.nationalMobs.from'))}
      </Section>

      <Section id="sr-demobs" title={t('situation.section.demobilizations')}>
        {mobTable(
          [...report.recent_demobilizations, ...entries.flatMap(([, e]) => e.demobilizations)],
          t('situation.section.demobilizations'),
        )}
      </Section>

      {expanded ? (
        <Section id="sr-rars" title={t('situation.section.rars')}>
          <Table
            caption={t('situation.section.rars')}
            head={[t('situation.agency'), t('situation.resource'), t('situation.available')]}
            kinds={['text', 'text', 'number']}
            rows={report.national_availability.map((r) => [
              agencyName(r.field_agency_code),
              fr ? r.field_fr_resource : r.field_en_resource,
              f.integer(r.field_available),
            ])}
            empty={t('situation.none')}
          />
        </Section>
      ) : null}

      <Section id="sr-us" title={t('situation.section.us')}>
        <dl className="us-figures">
          <div>
            <dt>{t('situation.us.level')}</dt>
            <dd>{n(report.field_us_preparedness_level)}</dd>
          </div>
          <div>
            <dt>{t('situation.us.fires')}</dt>
            <dd>{n(report.field_us_fires)}</dd>
          </div>
          <div>
            <dt>{t('situation.us.acres')}</dt>
            <dd>
              {report.field_us_acres == null
                ? '–'
                : t('situation.acres', { value: f.integer(report.field_us_acres) })}
            </dd>
          </div>
          <div>
            <dt>{t('situation.us.ytdFires')}</dt>
            <dd>{n(report.field_us_ytd_fires)}</dd>
          </div>
          <div>
            <dt>{t('situation.us.ytdAcres')}</dt>
            <dd>
              {report.field_us_ytd_acres == null
                ? '–'
                : t('situation.acres', { value: f.integer(report.field_us_ytd_acres) })}
            </dd>
          </div>
        </dl>
        <p className="field-hint">{t('situation.acreNote')}</p>
      </Section>

      <Section id="sr-national-stats" title={t('situation.section.nationalStatistics')}>
        <Table
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
        <Table
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
        <Table
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

      <footer className="report-footer">
        <p>
          {t('situation.footer.date', { date: longDate })}
          {' · '}
          {t('situation.footer.updated', {
            time: intl.formatDate(report.system_edit_timestamp, {
              year: 'numeric',
              month: 'short',
              day: 'numeric',
              hour: 'numeric',
              minute: '2-digit',
              timeZone: 'America/Winnipeg',
              timeZoneName: 'short',
            }),
          })}
        </p>
      </footer>
    </article>
  );
}
