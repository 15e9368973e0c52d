import {
  AGENCY_CODES,
  type AgencyCode,
  type AgencySitrepSummary,
  demoReportNumbers,
  type MobRow,
  type NationalMobTable,
  type NationalSitrepFields,
  nationalDraftFields,
  seasonOf,
} from '@ciffc/contracts';
import { type Kysely, sql } from 'kysely';
import { fireStatistics } from '../agency-sitrep/service.ts';
import type { Db } from '../db/index.ts';
import type { Database } from '../db/tables.ts';
import { seedDutyOfficers } from '../duty-officers/store.ts';
import { random } from '../fires/demo.ts';
import { activeInSeason, counted, inScope } from '../fires/store.ts';
import { addDays, centreToday, yearOf, yearStart } from '../http/time.ts';
import { toAgencySummary } from './agency-summary.ts';
import { buildPublicReport, type ResourceLabel } from './report.ts';
import { carryOverFires, historicalFigures, resourceLabels } from './sources.ts';
import * as store from './store.ts';

const DEMO_DAYS = 60;

const DEMO_DUTY_OFFICERS = [
  { name: 'Jordan Whitehorse', phone: '+1 204 555 0141' },
  { name: 'Marie-Ève Tremblay', phone: '+1 204 555 0178' },
  { name: 'Sam Okafor', phone: '+1 204 555 0112' },
  { name: 'Claire MacDonald', phone: '+1 204 555 0193' },
];

const SUMMARIES: [string, string][] = [
  [
    'Lightning moved through the north overnight; crews are on the new starts.',
    'De la foudre a traversé le nord pendant la nuit; les équipes sont sur les nouveaux départs.',
  ],
  [
    'Cooler weather and light rain helped crews make progress on the larger fires.',
    'Un temps plus frais et de faibles pluies ont aidé les équipes sur les grands feux.',
  ],
  [
    'Hot, dry and windy conditions; initial attack is busy.',
    'Conditions chaudes, sèches et venteuses; l’attaque initiale est occupée.',
  ],
  [
    'Fire activity is low; resources are available for export.',
    'L’activité est faible; des ressources sont disponibles pour l’exportation.',
  ],
];

const NATIONAL_SUMMARIES: [string, string][] = [
  [
    'Fire activity continues in the west with new lightning starts. Several agencies are sharing crews and aircraft through the centre.',
    'L’activité se poursuit dans l’Ouest avec de nouveaux feux causés par la foudre. Plusieurs agences partagent des équipes et des aéronefs par l’entremise du Centre.',
  ],
  [
    'A quieter day nationally. Demobilizations are under way as agencies regain capacity.',
    'Journée plus calme à l’échelle nationale. Les démobilisations sont en cours alors que les agences retrouvent leur capacité.',
  ],
  [
    'High to extreme fire danger across the Prairies. International resources are being requested.',
    'Danger d’incendie élevé à extrême dans les Prairies. Des ressources internationales sont demandées.',
  ],
];

const MOB_ITEMS: [string, string, string][] = [
  ['crews', 'type-1-unit-crew', 'UC20'],
  ['overhead', 'imt', 'IMT2'],
  ['aircraft', 'airtankers', 'CL415'],
  ['aircraft', 'rotary-wing', 'HM'],
  ['overhead', 'operations', 'DIVS'],
  ['equipment', 'sprinkler-kits', 'SK'],
];

function pickOf<T>(rand: () => number, list: readonly T[]): T {
  return list[Math.floor(rand() * list.length)] as T;
}

function seedOf(date: string): number {
  return Number(date.replaceAll('-', '')) * 7 + 13;
}

/**
 * What the fires table says about one day (one source for the demo). Stages are the
 * fires' current stages, so an earlier day's figures read today's stage of a fire reported by then;
 * the latest day's report agrees with the summary, the list and the graphs exactly.
 */
export interface DayFigures {
  /** Fires of the season (January 1 to the day) per agency, response type and stage. */
  season: {
    agency_code: string;
    response_type: string;
    stage_of_control: string;
    fires: number;
    hectares: number;
  }[];
  /** Fires first reported on the day per agency and cause. */
  today: { agency_code: string; fire_cause: string; fires: number }[];
  /** Fires reported in the seven days to the day (the national level follows it). */
  week: number;
  /** Each agency's largest fires not out and reported by the day (any year): its priority fires. */
  priority: Map<
    string,
    { fires: string; latitude: number; longitude: number; stage_of_control: string; size: number }[]
  >;
}

/** A day without fires (for callers that only need the shape of a report). */
export const EMPTY_DAY: DayFigures = { season: [], today: [], week: 0, priority: new Map() };

/** Priority fires: at most this many of an agency's largest active fires of at least PRIORITY_MIN_HA. */
const PRIORITY_MAX = 3;
const PRIORITY_MIN_HA = 1_000;

async function dayFigures(k: Kysely<Database>, date: string): Promise<DayFigures> {
  const from = yearStart(yearOf(date));
  const [season, today, week, large] = await Promise.all([
    k
      .selectFrom('fires')
      .select(['agency_code', counted('response_type').as('response_type'), 'stage_of_control'])
      .select([sql<number>`count(*)`.as('fires'), sql<number>`coalesce(sum(fire_size), 0)`.as('hectares')])
      .where(inScope({ from, to: date, carryOver: seasonOf(date) }))
      .groupBy(['agency_code', counted('response_type'), 'stage_of_control'])
      .execute(),
    k
      .selectFrom('fires')
      .select(['agency_code', counted('fire_cause').as('fire_cause'), sql<number>`count(*)`.as('fires')])
      .where('situation_report_date', '=', date)
      .groupBy(['agency_code', counted('fire_cause')])
      .execute(),
    k
      .selectFrom('fires')
      .select(sql<number>`count(*)`.as('n'))
      .where('situation_report_date', '>', addDays(date, -7))
      .where('situation_report_date', '<=', date)
      .executeTakeFirst(),
    k
      .selectFrom('fires')
      .select(['agency_code', 'agency_fire_id', 'latitude', 'longitude', 'stage_of_control', 'fire_size'])
      .where('situation_report_date', '<=', date)
      .where(activeInSeason(seasonOf(date)))
      .where('fire_size', '>=', PRIORITY_MIN_HA)
      .orderBy('fire_size', 'desc')
      .orderBy('agency_fire_id')
      .execute(),
  ]);
  const priority = new Map<string, DayFigures['priority'] extends Map<string, infer V> ? V : never>();
  for (const f of large) {
    const list = priority.get(f.agency_code) ?? [];
    if (list.length < PRIORITY_MAX)
      list.push({
        fires: f.agency_fire_id,
        latitude: f.latitude,
        longitude: f.longitude,
        stage_of_control: f.stage_of_control,
        size: f.fire_size,
      });
    priority.set(f.agency_code, list);
  }
  const numeric = <T extends { fires: number }>(rows: T[]) =>
    rows.map((r) => ({ ...r, fires: Number(r.fires) }));
  return {
    season: numeric(season).map((r) => ({ ...r, hectares: Number(r.hectares) })),
    today: numeric(today),
    week: Number(week?.n ?? 0),
    priority,
  };
}

/** The national level follows the week's new fires: a quiet week is level 1, a busy one 4 or 5. */
export function levelOfWeek(newFires: number): number {
  if (newFires < 20) return 1;
  if (newFires < 100) return 2;
  if (newFires < 250) return 3;
  if (newFires < 450) return 4;
  return 5;
}

/** An agency's own level follows its active fires under full response. */
function agencyLevel(activeFires: number): number {
  if (activeFires === 0) return 1;
  if (activeFires < 5) return 2;
  if (activeFires < 20) return 3;
  if (activeFires < 60) return 4;
  return 5;
}

/** The fire statistics groups of docs/spec/data-entry.md 3.1 from the day's figures for one agency. */
function agencyStatistics(figures: DayFigures, agency: AgencyCode) {
  const mine = <T extends { agency_code: string }>(rows: readonly T[]) =>
    rows.filter((r) => r.agency_code === agency);
  return {
    ...fireStatistics(mine(figures.today), mine(figures.season)),
    e_act: 0,
    e_out: 0,
    e_total_hectares: 0,
  };
}

/** An approved agency sitrep for a day whose figures all come from the fires table. */
export function demoAgencySitrep(
  agency: AgencyCode,
  date: string,
  figures: DayFigures,
): Record<string, unknown> {
  const rand = random(seedOf(date) + AGENCY_CODES.indexOf(agency) * 101);
  const stats = agencyStatistics(figures, agency);
  // A count up to `scale`; a scale below zero (hand crews on a quiet day) is none, never a negative count.
  const n = (scale: number) => Math.round(rand() * Math.max(0, scale));
  const [en, fr] = pickOf(rand, SUMMARIES);
  const local = agencyLevel(stats.b_oc + stats.b_bh + stats.b_uc);
  const priority = (figures.priority.get(agency) ?? []).map((f, i) => ({
    key: `p${i}`,
    ...f,
    incident_type: 1 + Math.floor(rand() * 3),
    percent_contained: f.stage_of_control === 'UC' ? 80 + n(20) : n(70),
  }));
  const doc = {
    en_ops_summary: en,
    fr_ops_summary: fr,
    ...stats,
    priority_fires: priority,
    fop_ltg: local >= 3 ? n(20) : n(3),
    fop_nat: local >= 3 ? n(8) : n(2),
    prep_level_override: local,
    en_prep_comment:
      local >= 4 ? 'Resources are committed; limited capacity to export.' : 'Adequate resources.',
    fr_prep_comment:
      local >= 4 ? 'Ressources engagées; capacité d’exportation limitée.' : 'Ressources suffisantes.',
    en_porr_text: local >= 4 ? 'May request unit crews and an IMT within 48 hours.' : '',
    fr_porr_text: local >= 4 ? 'Pourrait demander des équipes d’unité et une ÉGI d’ici 48 heures.' : '',
    chh_light: n(local),
    chh_int: n(local - 1),
    chh_med: n(local - 2),
    chh_heavy: 0,
    mobs_grouped: [],
    mobs: [],
    demobs: [],
    rars:
      local <= 2
        ? [
            {
              available: 1 + n(4),
              resources: { category: 'crews', subcategory: 'type-1-unit-crew', item: 'UC20' },
            },
          ]
        : [],
    duty_officer: 'Duty officer',
    fire_statistics_as_of: `${date}T08:00:00-06:00`,
  };
  // A number of the registry that the figures above do not set still gets a demo value.
  return { ...demoReportNumbers(rand), ...doc };
}

function mobRow(rand: () => number, key: string, to: string, from: string): MobRow {
  const [category, subcategory, item] = pickOf(rand, MOB_ITEMS);
  return {
    key,
    group: `${to}-${from}`,
    to,
    from,
    resources: { amount: 1 + Math.floor(rand() * 4), category, subcategory, item },
  };
}

/** The national fields of a demo day. */
export function demoNationalFields(date: string, level: number, officer: string): NationalSitrepFields {
  const rand = random(seedOf(date));
  // The comment follows the level: international help is mentioned only at levels 4 and 5.
  const [en, fr] = NATIONAL_SUMMARIES[level >= 4 ? 2 : level === 3 ? 0 : 1] as [string, string];
  const exporters: string[] = ['on', 'qc', 'nb', 'ns', 'nl', 'pc'];
  const importers: string[] = ['bc', 'ab', 'sk', 'mb', 'nt'];
  const mobs: MobRow[] = [];
  for (let g = 0; g < Math.max(1, level - 1); g++) {
    const to = pickOf(rand, importers);
    const from = pickOf(rand, exporters);
    for (let r = 0; r < 1 + Math.floor(rand() * 2); r++) mobs.push(mobRow(rand, `m${g}-${r}`, to, from));
  }
  const demobs: MobRow[] =
    rand() < 0.5 ? [mobRow(rand, 'd0', pickOf(rand, exporters), pickOf(rand, importers))] : [];
  const to: NationalMobTable = {};
  const from: NationalMobTable = {};
  for (const short of ['UC20', 'IMT2', 'CL415', 'HM']) {
    const toRow: NationalMobTable[string] = { resources: short };
    const fromRow: NationalMobTable[string] = { resources: short };
    for (const code of importers)
      if (rand() < 0.4) toRow[code as AgencyCode] = Math.floor(rand() * 6 * level);
    for (const code of exporters)
      if (rand() < 0.4) fromRow[code as AgencyCode] = Math.floor(rand() * 4 * level);
    if (level >= 4 && rand() < 0.5) fromRow.intl = Math.floor(rand() * 5);
    to[short] = toRow;
    from[short] = fromRow;
  }
  return nationalDraftFields({
    en_summary_comments: en,
    fr_summary_comments: fr,
    preparedness_level: String(level),
    duty_officer_name: officer,
    outstanding_resource_requests: '',
    mobs_grouped: mobs,
    demobs,
    national_to_mobs: to,
    national_from_mobs: from,
    us_preparedness_level: Math.max(1, Math.min(5, level + (rand() < 0.5 ? 0 : 1))),
    us_fires: Math.floor(rand() * 400 * level),
    us_acres: Math.floor(rand() * 30_000 * level),
    us_ytd_fires: 20_000 + Math.floor(rand() * 10_000),
    us_ytd_acres: 1_500_000 + Math.floor(rand() * 900_000),
  });
}

/**
 * Demo mode: a published national report for each of the DEMO_DAYS days before today, so the
 * archive and /situation have content on first start; today is left for the centre to publish.
 * Dates that already have a report are left alone, so a restart adds only the missing days.
 */
export async function seedNationalDemo(db: Db, options: { now: Date; days?: number }): Promise<number> {
  const k = db.kysely;
  await seedDutyOfficers(k, DEMO_DUTY_OFFICERS);
  const today = centreToday(options.now);
  const days = options.days ?? DEMO_DAYS;
  const first = addDays(today, -days);
  const existing = await store.existingReportDates(k, first, addDays(today, -1));
  const labels: Map<string, ResourceLabel> = await resourceLabels(k);
  let made = 0;
  let lastFields: NationalSitrepFields | undefined;
  for (let i = days; i >= 1; i--) {
    const date = addDays(today, -i);
    const figures = await dayFigures(k, date);
    const level = levelOfWeek(figures.week);
    const officer = (DEMO_DUTY_OFFICERS[Math.floor(i / 7) % DEMO_DUTY_OFFICERS.length] as { name: string })
      .name;
    const fields = demoNationalFields(date, level, officer);
    lastFields = fields;
    if (existing.has(date)) continue;
    const summaries = new Map<AgencyCode, AgencySitrepSummary>();
    for (const code of AGENCY_CODES)
      summaries.set(code, toAgencySummary(code, 1, demoAgencySitrep(code, date, figures)));
    const [historical, carryOver] = await Promise.all([historicalFigures(k, date), carryOverFires(k, date)]);
    const publishedAt = `${date}T20:00:00.000Z`;
    const report = buildPublicReport({
      date,
      fields,
      publishedAt,
      publicationNumber: 1,
      summaries,
      historical,
      carryOver,
      labels,
    });
    await k.transaction().execute(async (trx) => {
      await store.insertPublication(trx, {
        report_date: date,
        draft_version: 0,
        preparedness_level: fields.preparedness_level,
        report: JSON.stringify(report),
        fields: JSON.stringify(fields),
        published_at: publishedAt,
        published_by: 'demo',
      });
    });
    made += 1;
  }
  // The draft starts from the last demo day, as if yesterday's report had been written in it.
  const draft = await store.loadDraft(k);
  if (draft.version_number === 0 && lastFields) {
    await store.saveVersion(
      k,
      JSON.stringify(lastFields),
      1,
      { id: 0, username: 'demo' },
      `${addDays(today, -1)}T20:00:00.000Z`,
    );
  }
  return made;
}
