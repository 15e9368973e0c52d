import {
  AGENCY_CODES,
  type AgencyCode,
  type AgencySitrepSummary,
  type MobRow,
  type NationalMobTable,
  type NationalSitrepFields,
  nationalDraftFields,
} from '@ciffc/contracts';
import type { Db } from '../db/index.ts';
import { seedDutyOfficers } from '../duty-officers/store.ts';
import { random } from '../fires/demo.ts';
import { addDays, centreToday } from '../http/time.ts';
import { buildPublicReport, type ResourceLabel, toAgencySummary } from './report.ts';
import { carryOverFires, historicalFigures, resourceLabels } from './sources.ts';
import * as store from './store.ts';

export const DEMO_DAYS = 60;

export const DEMO_DUTY_OFFICERS = [
  { name: 'Jordan Whitehorse', phone: '+1 204 555 0141' },
  { name: 'Marie-Ève Tremblay', phone: '+1 204 555 0178' },
  { name: 'Sam Okafor', phone: '+1 204 555 0112' },
  { name: 'Claire MacDonald', phone: '+1 204 555 0193' },
];

/** Relative activity per agency (bigger agencies report more fires). */
const WEIGHT: Record<AgencyCode, number> = {
  bc: 1.6,
  ab: 1.3,
  on: 0.9,
  qc: 0.7,
  sk: 0.6,
  mb: 0.5,
  nb: 0.25,
  ns: 0.2,
  nt: 0.3,
  nl: 0.12,
  yt: 0.15,
  pc: 0.08,
  pe: 0.02,
};

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

/** A plausible approved agency sitrep for a day and a national level (data-entry.md 3.1 names). */
export function demoAgencySitrep(agency: AgencyCode, date: string, level: number): Record<string, unknown> {
  const rand = random(seedOf(date) + AGENCY_CODES.indexOf(agency) * 101);
  const w = WEIGHT[agency] * (0.4 + level * 0.35);
  const n = (scale: number) => Math.round(rand() * scale * w);
  const h = (scale: number) => Math.round(rand() * scale * w * 10) / 10;
  const [en, fr] = pickOf(rand, SUMMARIES);
  const local = Math.max(1, Math.min(5, level + Math.round(rand() * 2 - 1)));
  const priority =
    w > 0.8
      ? Array.from({ length: 1 + Math.floor(rand() * 3) }, (_, i) => ({
          fires: `${agency.toUpperCase()}-${date.slice(2, 4)}${String(100 + i * 37 + n(40)).padStart(3, '0')}`,
          latitude: 50 + rand() * 8,
          longitude: -125 + rand() * 50,
          stage_of_control: pickOf(rand, ['OC', 'BH', 'UC'] as const),
          size: Math.round(rand() * 20_000 * w) / 10,
          incident_type: 1 + Math.floor(rand() * 3),
          percent_contained: Math.floor(rand() * 80),
        }))
      : [];
  return {
    en_ops_summary: en,
    fr_ops_summary: fr,
    a_ltg: n(12),
    a_hum: n(6),
    a_oth: n(2),
    b_oc: n(15),
    b_bh: n(10),
    b_uc: n(20),
    b_active_hectares: h(40_000),
    b_total_out: n(300),
    b_out_hectares: h(8_000),
    c_act: n(4),
    c_out: n(10),
    c_total_hectares: h(3_000),
    c2_act: n(6),
    c2_out: n(8),
    c2_total_hectares: h(12_000),
    e_act: n(1),
    e_out: n(3),
    e_total_hectares: h(200),
    priority_fires: priority,
    fop_ltg: n(20),
    fop_nat: n(8),
    prep_level_override: local,
    en_prep_comment:
      local >= 4 ? 'Resources are committed; limited capacity to export.' : 'Adequate resources.',
    fr_prep_comment:
      local >= 4 ? 'Ressources engagées; capacité d’exportation limitée.' : 'Ressources suffisantes.',
    en_porr_text: local >= 4 ? 'May request unit crews and an IMT within 48 hours.' : '',
    fr_porr_text: local >= 4 ? 'Pourrait demander des équipes d’unité et une ÉGI d’ici 48 heures.' : '',
    chh_light: n(4),
    chh_int: n(3),
    chh_med: n(2),
    chh_heavy: n(1),
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
  const [en, fr] = pickOf(rand, NATIONAL_SUMMARIES);
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
  let level = 2;
  let made = 0;
  let lastFields: NationalSitrepFields | undefined;
  for (let i = days; i >= 1; i--) {
    const date = addDays(today, -i);
    const rand = random(seedOf(date) + 5);
    level = Math.max(1, Math.min(5, level + (rand() < 0.3 ? 1 : rand() < 0.55 ? -1 : 0)));
    const officer = (DEMO_DUTY_OFFICERS[Math.floor(i / 7) % DEMO_DUTY_OFFICERS.length] as { name: string })
      .name;
    const fields = demoNationalFields(date, level, officer);
    lastFields = fields;
    if (existing.has(date)) continue;
    const summaries = new Map<AgencyCode, AgencySitrepSummary>();
    for (const code of AGENCY_CODES)
      summaries.set(code, toAgencySummary(code, 1, demoAgencySitrep(code, date, level)));
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
  const draft = await store.loadDraft(k, db.engine);
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
