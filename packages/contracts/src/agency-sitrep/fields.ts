import { FIRE_COUNT_MAX, HECTARES_MAX, RESOURCE_COUNT_MAX } from '../bounds.ts';

/**
 * The numbers of the agency report (docs/spec/data-entry.md 3.1), each once: its kind (and so its
 * bounds, 5.2), its section, its labels, its name in the public report (public-site.md section 3),
 * its export column and its demonstration range. The zod schemas, the form's inputs, the national
 * summary, the public report, the yearly export, the demo data and the bound tests are built from
 * here, so a new count is one entry plus its labels; a label missing from a catalogue fails a test.
 *
 * Plain data, no zod: the site's shell reads it, and zod must stay out of its first download.
 */

export type ReportFieldKind = 'count' | 'hectares' | 'resources';

/** Each kind's bounds (bounds.ts): the form's `min`/`max` and the schemas' range are these. */
export const REPORT_FIELD_BOUNDS = {
  count: { min: 0, max: FIRE_COUNT_MAX, integer: true },
  hectares: { min: 0, max: HECTARES_MAX, integer: false },
  resources: { min: 0, max: RESOURCE_COUNT_MAX, integer: true },
} as const satisfies Record<ReportFieldKind, { min: number; max: number; integer: boolean }>;

/** The sections of the form that hold numbers (the ids of rules.ts's SITREP_SECTIONS). */
export type ReportNumberSection =
  | 'newFires'
  | 'fullResponse'
  | 'modifiedResponse'
  | 'monitoredResponse'
  | 'prescribedFires'
  | 'fop'
  | 'chh';

export interface ReportFieldSpec {
  kind: ReportFieldKind;
  section: ReportNumberSection;
  /** Message id of the form's label, under `agencySitrep.` (shared by the sections that repeat it). */
  label: `field.${string}`;
  /** The form names the section with the label ("Active – Modified response"): a label other sections repeat. */
  sectionInName?: true;
  /** Off under an automatic feed (`has_dip_feed`): the feed fills it. */
  dipFeed?: true;
  /** Its key in the public report's agency entry. */
  publicName: `field_${string}`;
  /**
   * What the national summary and the public report show for an empty field: 0 for the fire
   * statistics (the tables add them), null for a forecast or a helicopter count (blank, not none).
   */
  empty: 0 | null;
  /** Signed-in readers only in the public report (public-site.md section 2). */
  expanded?: true;
  /** Its column in the yearly export of approved agency reports, when it has one. */
  exportColumn?: string;
  /**
   * The message ids of its column in the national form's tables (`nationalSitrep.`) and in the
   * public report's (`situation.`): the forecasts, the helicopters and the fire statistics
   * (fire-statistics.ts) are laid out from it.
   */
  columns?: { national: string; public: string };
  /** The demo data's upper value (api demo seeds and the benchmark). */
  demo: number;
}

const count = { kind: 'count' } as const;
const hectares = { kind: 'hectares' } as const;
const stats = { dipFeed: true, empty: 0 } as const;

/** In form order: the schema's keys, the sections' field lists and the tables follow it. */
export const REPORT_FIELDS = {
  a_ltg: {
    ...count,
    ...stats,
    section: 'newFires',
    label: 'field.a_ltg',
    publicName: 'field_today_natural',
    columns: { national: 'stats.ltg', public: 'stats.natural' },
    demo: 12,
  },
  a_hum: {
    ...count,
    ...stats,
    section: 'newFires',
    label: 'field.a_hum',
    publicName: 'field_today_human',
    columns: { national: 'stats.hum', public: 'stats.human' },
    demo: 6,
  },
  a_oth: {
    ...count,
    ...stats,
    section: 'newFires',
    label: 'field.a_oth',
    publicName: 'field_today_other',
    columns: { national: 'stats.oth', public: 'stats.other' },
    demo: 2,
  },
  b_oc: {
    ...count,
    ...stats,
    section: 'fullResponse',
    label: 'field.b_oc',
    publicName: 'field_full_oc',
    columns: { national: 'stats.oc', public: 'stats.oc' },
    demo: 30,
  },
  b_bh: {
    ...count,
    ...stats,
    section: 'fullResponse',
    label: 'field.b_bh',
    publicName: 'field_full_bh',
    columns: { national: 'stats.bh', public: 'stats.bh' },
    demo: 8,
  },
  b_uc: {
    ...count,
    ...stats,
    section: 'fullResponse',
    label: 'field.b_uc',
    publicName: 'field_full_uc',
    columns: { national: 'stats.uc', public: 'stats.uc' },
    demo: 5,
  },
  b_active_hectares: {
    ...hectares,
    ...stats,
    section: 'fullResponse',
    label: 'field.b_active_hectares',
    publicName: 'field_full_active_area',
    columns: { national: 'stats.activeHa', public: 'stats.activeArea' },
    demo: 40_000,
  },
  b_total_out: {
    ...count,
    ...stats,
    section: 'fullResponse',
    label: 'field.b_total_out',
    sectionInName: true,
    publicName: 'field_full_out',
    columns: { national: 'stats.out', public: 'stats.out' },
    demo: 200,
  },
  b_out_hectares: {
    ...hectares,
    ...stats,
    section: 'fullResponse',
    label: 'field.b_out_hectares',
    publicName: 'field_full_out_area',
    columns: { national: 'stats.outHa', public: 'stats.outArea' },
    demo: 5_000,
  },
  c_act: {
    ...count,
    ...stats,
    section: 'modifiedResponse',
    label: 'field.act',
    sectionInName: true,
    publicName: 'field_mod_active',
    columns: { national: 'stats.modAct', public: 'stats.modActive' },
    demo: 10,
  },
  c_out: {
    ...count,
    ...stats,
    section: 'modifiedResponse',
    label: 'field.out',
    sectionInName: true,
    publicName: 'field_mod_out',
    columns: { national: 'stats.modOut', public: 'stats.modOut' },
    demo: 40,
  },
  c_total_hectares: {
    ...hectares,
    ...stats,
    section: 'modifiedResponse',
    label: 'field.total_hectares',
    sectionInName: true,
    publicName: 'field_mod_area',
    columns: { national: 'stats.modHa', public: 'stats.modArea' },
    demo: 3_000,
  },
  c2_act: {
    ...count,
    ...stats,
    section: 'monitoredResponse',
    label: 'field.act',
    sectionInName: true,
    publicName: 'field_mon_active',
    columns: { national: 'stats.monAct', public: 'stats.monActive' },
    demo: 6,
  },
  c2_out: {
    ...count,
    ...stats,
    section: 'monitoredResponse',
    label: 'field.out',
    sectionInName: true,
    publicName: 'field_mon_out',
    columns: { national: 'stats.monOut', public: 'stats.monOut' },
    demo: 20,
  },
  c2_total_hectares: {
    ...hectares,
    ...stats,
    section: 'monitoredResponse',
    label: 'field.total_hectares',
    sectionInName: true,
    publicName: 'field_mon_area',
    columns: { national: 'stats.monHa', public: 'stats.monArea' },
    demo: 8_000,
  },
  // Prescribed fires are typed by every agency, feed or not.
  e_act: {
    ...count,
    empty: 0,
    section: 'prescribedFires',
    label: 'field.act',
    sectionInName: true,
    publicName: 'field_prescribed_active',
    exportColumn: 'prescribed_fires_active',
    columns: { national: 'stats.rxAct', public: 'stats.rxActive' },
    demo: 2,
  },
  e_out: {
    ...count,
    empty: 0,
    section: 'prescribedFires',
    label: 'field.out',
    sectionInName: true,
    publicName: 'field_prescribed_out',
    columns: { national: 'stats.rxOut', public: 'stats.rxOut' },
    demo: 4,
  },
  e_total_hectares: {
    ...hectares,
    empty: 0,
    section: 'prescribedFires',
    label: 'field.total_hectares',
    sectionInName: true,
    publicName: 'field_prescribed_area',
    columns: { national: 'stats.rxHa', public: 'stats.rxArea' },
    demo: 300,
  },
  fop_ltg: {
    ...count,
    empty: null,
    section: 'fop',
    label: 'field.fop_ltg',
    publicName: 'field_occurrence_prediction_lightning',
    expanded: true,
    exportColumn: 'fop_ltg',
    columns: { national: 'fop.ltg', public: 'fop.lightning' },
    demo: 15,
  },
  fop_nat: {
    ...count,
    empty: null,
    section: 'fop',
    label: 'field.fop_nat',
    publicName: 'field_occurrence_prediction_human',
    expanded: true,
    exportColumn: 'fop_nat',
    columns: { national: 'fop.nat', public: 'fop.human' },
    demo: 8,
  },
  chh_light: {
    kind: 'resources',
    empty: null,
    section: 'chh',
    label: 'field.chh_light',
    publicName: 'field_casual_helicopter_light',
    expanded: true,
    columns: { national: 'chh.light', public: 'chh.light' },
    demo: 6,
  },
  chh_int: {
    kind: 'resources',
    empty: null,
    section: 'chh',
    label: 'field.chh_int',
    publicName: 'field_casual_helicopter_intermediate',
    expanded: true,
    columns: { national: 'chh.int', public: 'chh.intermediate' },
    demo: 4,
  },
  chh_med: {
    kind: 'resources',
    empty: null,
    section: 'chh',
    label: 'field.chh_med',
    publicName: 'field_casual_helicopter_medium',
    expanded: true,
    columns: { national: 'chh.med', public: 'chh.medium' },
    demo: 3,
  },
  chh_heavy: {
    kind: 'resources',
    empty: null,
    section: 'chh',
    label: 'field.chh_heavy',
    publicName: 'field_casual_helicopter_heavy',
    expanded: true,
    columns: { national: 'chh.heavy', public: 'chh.heavy' },
    demo: 1,
  },
} as const satisfies Record<string, ReportFieldSpec>;

type Fields = typeof REPORT_FIELDS;
export type ReportFieldCode = keyof Fields;

/** Every number of the report, in form order. */
export const REPORT_FIELD_CODES = Object.keys(REPORT_FIELDS) as ReportFieldCode[];

type CodesWhere<P> = { [K in ReportFieldCode]: Fields[K] extends P ? K : never }[ReportFieldCode];
export type ReportCountCode = CodesWhere<{ kind: 'count' | 'resources' }>;
export type ReportHectareCode = CodesWhere<{ kind: 'hectares' }>;
export type ReportDipFeedCode = CodesWhere<{ dipFeed: true }>;
type ReportExportCode = CodesWhere<{ exportColumn: string }>;
type Section<S extends ReportNumberSection> = CodesWhere<{ section: S }>;

const where = <C extends ReportFieldCode>(test: (spec: ReportFieldSpec) => boolean) =>
  REPORT_FIELD_CODES.filter((c) => test(REPORT_FIELDS[c])) as C[];

/** The whole numbers (fires and resources) and the decimals (hectares). */
export const REPORT_COUNT_CODES = where<ReportCountCode>((f) => f.kind !== 'hectares');
export const REPORT_HECTARE_CODES = where<ReportHectareCode>((f) => f.kind === 'hectares');
export const REPORT_DIP_FEED_CODES = where<ReportDipFeedCode>((f) => f.dipFeed === true);

/** The numbers of one section, in form order. */
export const reportFieldsOf = <S extends ReportNumberSection>(section: S): Section<S>[] =>
  where<Section<S>>((f) => f.section === section);

/** The spec of a number of the report; undefined for any other name (a text, a list row's field). */
export function reportField(name: string): ReportFieldSpec | undefined {
  return Object.hasOwn(REPORT_FIELDS, name) ? REPORT_FIELDS[name as ReportFieldCode] : undefined;
}

/** The bounds of a number of the report. */
export const boundsOf = (code: ReportFieldCode) => REPORT_FIELD_BOUNDS[REPORT_FIELDS[code].kind];

/* ---------- the national summary and the public report's numbers ---------- */

type EmptyOf<K extends ReportFieldCode> = Fields[K]['empty'] extends 0 ? number : number | null;

/** The report's numbers as the national form reads an approved report: 0 or null when empty. */
export type ReportNumbers = { [K in ReportFieldCode]: EmptyOf<K> };

const finite = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Reads the numbers of a stored report leniently (anything not a finite number is empty). */
export function readReportNumbers(data: Record<string, unknown>): ReportNumbers {
  const out: Record<string, number | null> = {};
  for (const code of REPORT_FIELD_CODES) out[code] = finite(data[code]) ?? REPORT_FIELDS[code].empty;
  return out as ReportNumbers;
}

/** The public report's keys of the numbers, each with its value. */
export type PublicReportNumbers = {
  [K in ReportFieldCode as Fields[K]['publicName']]: number | null;
};
export type PublicExpandedName = {
  [K in ReportFieldCode]: Fields[K] extends { expanded: true } ? Fields[K]['publicName'] : never;
}[ReportFieldCode];

export const PUBLIC_NUMBER_NAMES = REPORT_FIELD_CODES.map((c) => REPORT_FIELDS[c].publicName) as Array<
  keyof PublicReportNumbers
>;
/** The public names of the numbers only signed-in readers receive. */
export const PUBLIC_EXPANDED_NUMBER_NAMES = REPORT_FIELD_CODES.filter(
  (c) => (REPORT_FIELDS[c] as ReportFieldSpec).expanded,
).map((c) => REPORT_FIELDS[c].publicName) as PublicExpandedName[];

/** The numbers of the national summary under their public report names. */
export function publicReportNumbers(numbers: ReportNumbers): PublicReportNumbers {
  const out: Record<string, number | null> = {};
  for (const code of REPORT_FIELD_CODES) out[REPORT_FIELDS[code].publicName] = numbers[code];
  return out as PublicReportNumbers;
}

/* ---------- the yearly export ---------- */

export type ReportExportColumns = {
  [K in ReportExportCode as Fields[K]['exportColumn']]: EmptyOf<K>;
};
const REPORT_EXPORT_CODES = where<ReportExportCode>((f) => f.exportColumn !== undefined);
export const REPORT_EXPORT_COLUMNS = REPORT_EXPORT_CODES.map((c) => REPORT_FIELDS[c].exportColumn) as Array<
  keyof ReportExportColumns
>;

/** The export's columns of an approved report (0 or null when empty, as in the national summary). */
export function reportExportColumns(data: Record<string, unknown>): ReportExportColumns {
  const numbers = readReportNumbers(data);
  const out: Record<string, number | null> = {};
  for (const code of REPORT_EXPORT_CODES) out[REPORT_FIELDS[code].exportColumn] = numbers[code];
  return out as ReportExportColumns;
}

/* ---------- demo data ---------- */

/**
 * Demo values of the numbers of the given sections, from `random` (0 ≤ r < 1) in form order:
 * whole numbers up to the entry's `demo`, hectares to 0.1 ha. A new entry gets demo values here.
 */
export function demoReportNumbers(
  random: () => number,
  sections: readonly ReportNumberSection[] = [
    'newFires',
    'fullResponse',
    'modifiedResponse',
    'monitoredResponse',
    'prescribedFires',
    'fop',
    'chh',
  ],
): Partial<Record<ReportFieldCode, number>> {
  const out: Partial<Record<ReportFieldCode, number>> = {};
  for (const code of REPORT_FIELD_CODES) {
    const f: ReportFieldSpec = REPORT_FIELDS[code];
    if (!sections.includes(f.section)) continue;
    out[code] =
      f.kind === 'hectares' ? Math.round(random() * f.demo * 10) / 10 : Math.floor(random() * (f.demo + 1));
  }
  return out;
}
