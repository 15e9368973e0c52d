import {
  AGENCIES,
  AGENCY_CODES,
  type AgencyCode,
  type AgencySitrepSummary,
  type HistoricalAverageEntry,
  type HistoricalEntry,
  type MobRow,
  NATIONAL_MOB_COLUMNS,
  type NationalMobTable,
  type NationalMobTableRow,
  type NationalSitrepFields,
  nationalMobRowTotal,
  type PublicAgencySitrep,
  type PublicMobilizationRow,
  type PublicNationalSitrep,
  type PublicPriorityFire,
  publicReportNumbers,
  publicReportTexts,
} from '@ciffc/contracts';
import { num, zero } from './agency-summary.ts';

/**
 * The pure builder of the public report (docs/spec/public-site.md section 3) from the agency
 * summaries (agency-summary.ts). No SQL, no HTTP: the service hands in what it read.
 */

export interface ResourceLabel {
  short: string;
  en: string;
  fr: string;
  category: string;
  subcategory: string;
}

function resourceText(row: MobRow, labels: Map<string, ResourceLabel>, lang: 'en' | 'fr'): string {
  const label = labels.get(row.resources.item);
  const name = label ? label[lang] : row.resources.item;
  const amount = row.resources.amount ?? '';
  return `${amount} × ${name}${row.label ? ` (${row.label})` : ''}`.trim();
}

function publicMobs(rows: readonly MobRow[], labels: Map<string, ResourceLabel>): PublicMobilizationRow[] {
  return rows.map((r) => ({
    field_to: r.to,
    field_from: r.from,
    field_en_resource: resourceText(r, labels, 'en'),
    field_fr_resource: resourceText(r, labels, 'fr'),
    field_amount: r.resources.amount,
  }));
}

function publicMobTable(table: NationalMobTable, labels: Map<string, ResourceLabel>): NationalMobTableRow[] {
  return Object.entries(table).map(([short, row]) => {
    const counts: Record<string, number | null> = {};
    for (const column of NATIONAL_MOB_COLUMNS) counts[column] = num(row[column]);
    return {
      field_resource: short,
      field_en_resource: labels.get(short)?.en ?? short,
      field_fr_resource: labels.get(short)?.fr ?? short,
      counts,
      total: nationalMobRowTotal(row),
    };
  });
}

function publicPriorityFires(summary: AgencySitrepSummary): PublicPriorityFire[] {
  return summary.priority_fires.map((p) => ({
    field_fire_id: p.fires,
    field_latitude: p.latitude,
    field_longitude: p.longitude,
    field_stage_of_control: p.stage_of_control,
    field_size: p.size,
    field_incident_type: p.incident_type,
    field_percent_contained: p.percent_contained,
  }));
}

interface HistoricalRow {
  agency_code: string;
  current_year: { fires: number; area: number };
  /** Carry-over fires counted in current_year. */
  carry_over?: { fires: number; area: number };
  last_year: { fires: number; area: number };
  years5: { fires: number; area: number };
  years10: { fires: number; area: number };
  years15: { fires: number; area: number };
  years20: { fires: number; area: number };
  years25: { fires: number; area: number };
}

export interface ReportInput {
  date: string;
  fields: NationalSitrepFields;
  publishedAt: string;
  publicationNumber: number;
  summaries: Map<AgencyCode, AgencySitrepSummary>;
  historical: readonly HistoricalRow[];
  carryOver: Map<
    string,
    { agency_fire_id: string; stage_of_control: string; fire_size: number; situation_report_date: string }[]
  >;
  labels: Map<string, ResourceLabel>;
}

/** The public national situation report with its expanded data (stripped for anonymous readers). */
export function buildPublicReport(input: ReportInput): PublicNationalSitrep {
  const { fields, labels, summaries } = input;
  const agenciesSitreps: Record<string, PublicAgencySitrep> = {};
  const used = new Set<string>();
  const mark = (rows: readonly MobRow[]) => {
    for (const r of rows) if (r.resources.item) used.add(r.resources.item);
  };
  mark(fields.mobs_grouped);
  mark(fields.demobs);
  for (const k of [...Object.keys(fields.national_to_mobs), ...Object.keys(fields.national_from_mobs)])
    used.add(k);

  for (const code of AGENCY_CODES) {
    const s = summaries.get(code);
    const carry = (input.carryOver.get(code) ?? []).map((f) => ({
      field_fire_id: f.agency_fire_id,
      field_stage_of_control: f.stage_of_control,
      field_size: f.fire_size,
      field_situation_report_date: f.situation_report_date,
    }));
    if (!s) {
      agenciesSitreps[code] = {
        mobilizations: [],
        demobilizations: [],
        priority_fires: [],
        carry_over_fires: carry,
        sitrep: null,
      };
      continue;
    }
    mark(s.mobs);
    mark(s.demobs);
    for (const r of s.rars) if (r.resources.item) used.add(r.resources.item);
    agenciesSitreps[code] = {
      mobilizations: publicMobs([...s.mobs, ...s.compact_mobs], labels),
      demobilizations: publicMobs(s.demobs, labels),
      priority_fires: publicPriorityFires(s),
      carry_over_fires: carry,
      sitrep: {
        field_agency_code: code,
        ...publicReportTexts(s, 'opsSummary'),
        ...publicReportNumbers(s),
        field_preparedness: s.preparedness_level,
        ...publicReportTexts(s, 'preparedness', 'porr'),
        field_version: s.version_number,
      },
    };
  }

  const resources: PublicNationalSitrep['resources'] = {};
  for (const short of [...used].sort()) {
    const l = labels.get(short);
    resources[short] = {
      field_item_short: short,
      field_item_en: l?.en ?? short,
      field_item_fr: l?.fr ?? short,
      field_category: l?.category ?? '',
      field_subcategory: l?.subcategory ?? '',
    };
  }

  const national_availability = [...summaries.values()].flatMap((s) =>
    s.rars.map((r) => ({
      field_agency_code: s.agency,
      field_available: r.available,
      field_en_resource: labels.get(r.resources.item)?.en ?? r.resources.item,
      field_fr_resource: labels.get(r.resources.item)?.fr ?? r.resources.item,
    })),
  );
  const resource_requirements = [...summaries.values()]
    .filter((s) => s.en_porr_text.trim() || s.fr_porr_text.trim())
    .map((s) => ({
      field_for: s.agency,
      field_en_resources: s.en_porr_text,
      field_fr_resources: s.fr_porr_text,
    }));

  const historical: HistoricalEntry[] = input.historical.map((h) => ({
    field_agency_code: h.agency_code,
    last_year: h.last_year,
    current_year: h.current_year,
    ...(h.carry_over ? { carry_over: h.carry_over } : {}),
  }));
  const historical_averages: HistoricalAverageEntry[] = input.historical.map((h) => ({
    field_agency_code: h.agency_code,
    years5: h.years5,
    years10: h.years10,
    years15: h.years15,
    years20: h.years20,
    years25: h.years25,
  }));

  return {
    field_date: input.date,
    field_preparedness_level: fields.preparedness_level,
    field_en_summary_comments: fields.en_summary_comments,
    field_fr_summary_comments: fields.fr_summary_comments,
    field_duty_officer: fields.duty_officer_name,
    field_us_preparedness_level: fields.us_preparedness_level,
    field_us_fires: fields.us_fires,
    field_us_acres: fields.us_acres,
    field_us_ytd_fires: fields.us_ytd_fires,
    field_us_ytd_acres: fields.us_ytd_acres,
    system_edit_timestamp: input.publishedAt,
    field_version: input.publicationNumber,
    expanded_data: true,
    agencies: AGENCIES.map((a) => ({
      field_code: a.code,
      field_name_en: a.name.en,
      field_name_fr: a.name.fr,
    })),
    resources,
    recent_mobilizations: publicMobs(fields.mobs_grouped, labels),
    recent_demobilizations: publicMobs(fields.demobs, labels),
    national_mobilizations_to: publicMobTable(fields.national_to_mobs, labels),
    national_mobilizations_from: publicMobTable(fields.national_from_mobs, labels),
    national_availability,
    resource_requirements,
    historical,
    historical_averages,
    agencies_sitereps: agenciesSitreps,
  };
}

/** Key figures of a report for the yearly CSV export. */
export function keyFigures(report: PublicNationalSitrep) {
  let newFires = 0;
  let activeFires = 0;
  let activeArea = 0;
  let reporting = 0;
  for (const entry of Object.values(report.agencies_sitereps)) {
    const s = entry.sitrep;
    if (!s) continue;
    reporting += 1;
    newFires += zero(s.field_today_natural) + zero(s.field_today_human) + zero(s.field_today_other);
    activeFires +=
      zero(s.field_full_oc) +
      zero(s.field_full_bh) +
      zero(s.field_full_uc) +
      zero(s.field_mod_active) +
      zero(s.field_mon_active);
    activeArea += zero(s.field_full_active_area);
  }
  const ytd = report.historical.reduce(
    (acc, h) => ({ fires: acc.fires + h.current_year.fires, area: acc.area + h.current_year.area }),
    { fires: 0, area: 0 },
  );
  const mobilized = report.national_mobilizations_to.reduce((s, r) => s + r.total, 0);
  return { reporting, newFires, activeFires, activeArea: Math.round(activeArea * 10) / 10, ytd, mobilized };
}
