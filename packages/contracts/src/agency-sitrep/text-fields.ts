/**
 * The texts of the agency report (docs/spec/data-entry.md 3.1), each once, like its numbers in
 * fields.ts: its kind (and so its input), its most characters (5.2), its section, its label, what
 * the national summary holds when it is empty, its name in the public report (public-site.md
 * section 3) and its export column. The zod schemas, the form's inputs and their `maxLength`, the
 * national summary, the public report and the yearly export are built from here, so a new text is
 * one entry plus its labels; a label missing from a catalogue fails a test.
 *
 * Plain data, no zod: the site's shell reads it, and zod must stay out of its first download.
 */

/** Most characters of a text box (an operations summary, a comment). */
export const SITREP_MAX_TEXT = 20_000;
/** Most characters of a line (a name). */
export const SITREP_MAX_SHORT_TEXT = 200;

/**
 * text: a text box; line: one line; tel: a telephone number; date: a day typed YYYY-MM-DD (a feed
 * may write a time with it).
 */
type ReportTextKind = 'text' | 'line' | 'tel' | 'date';

/** The sections of the form that hold texts (the fire statistics' date has a section of its own). */
export type ReportTextSection = 'opsSummary' | 'preparedness' | 'porr' | 'dutyOfficer' | 'fireStatistics';

export interface ReportTextSpec {
  kind: ReportTextKind;
  section: ReportTextSection;
  /** Message id of the form's label, under `agencySitrep.`. */
  label: `field.${string}`;
  /** Its most characters: the schemas refuse more, the form's input takes no more. */
  maxLength: number;
  /** The language it is written in, for a text written once per official language. */
  lang?: 'en' | 'fr';
  /** Off under an automatic feed (`has_dip_feed`): the feed fills it. */
  dipFeed?: true;
  /** In the national summary, with what it holds when empty ('' or null); absent: not in it. */
  summary?: '' | null;
  /** Its key in the public report's agency entry. */
  publicName?: `field_${string}`;
  /** Signed-in readers only in the public report (public-site.md section 2). */
  expanded?: true;
  /** Its column in the yearly export of approved agency reports, when it has one. */
  exportColumn?: string;
}

const box = { kind: 'text', maxLength: SITREP_MAX_TEXT, summary: '' } as const;

/** In form order: the schema's keys, the sections' field lists and the form follow it. */
export const REPORT_TEXT_FIELDS = {
  en_ops_summary: {
    ...box,
    section: 'opsSummary',
    label: 'field.en_ops_summary',
    lang: 'en',
    publicName: 'field_en_operations_summary',
    exportColumn: 'en_ops_summary',
  },
  fr_ops_summary: {
    ...box,
    section: 'opsSummary',
    label: 'field.fr_ops_summary',
    lang: 'fr',
    publicName: 'field_fr_operations_summary',
    exportColumn: 'fr_ops_summary',
  },
  en_prep_comment: {
    ...box,
    section: 'preparedness',
    label: 'field.en_prep_comment',
    lang: 'en',
    publicName: 'field_en_preparedness_comment',
  },
  fr_prep_comment: {
    ...box,
    section: 'preparedness',
    label: 'field.fr_prep_comment',
    lang: 'fr',
    publicName: 'field_fr_preparedness_comment',
  },
  en_porr_text: {
    ...box,
    section: 'porr',
    label: 'field.en_porr_text',
    lang: 'en',
    publicName: 'field_en_possibility_of_resources',
    expanded: true,
  },
  fr_porr_text: {
    ...box,
    section: 'porr',
    label: 'field.fr_porr_text',
    lang: 'fr',
    publicName: 'field_fr_possibility_of_resources',
    expanded: true,
  },
  duty_officer: {
    kind: 'line',
    maxLength: SITREP_MAX_SHORT_TEXT,
    section: 'dutyOfficer',
    label: 'field.duty_officer',
    summary: '',
  },
  duty_officer_24_hour_cell: {
    kind: 'tel',
    maxLength: 60,
    section: 'dutyOfficer',
    label: 'field.duty_officer_24_hour_cell',
  },
  fire_statistics_as_of: {
    kind: 'date',
    maxLength: 40,
    section: 'fireStatistics',
    label: 'field.fire_statistics_as_of',
    dipFeed: true,
    summary: null,
  },
} as const satisfies Record<string, ReportTextSpec>;

type Texts = typeof REPORT_TEXT_FIELDS;
export type ReportTextCode = keyof Texts;

/** Every text of the report, in form order. */
export const REPORT_TEXT_CODES = Object.keys(REPORT_TEXT_FIELDS) as ReportTextCode[];

type TextsWhere<P> = { [K in ReportTextCode]: Texts[K] extends P ? K : never }[ReportTextCode];
type TextSection<S extends ReportTextSection> = TextsWhere<{ section: S }>;
export type ReportTextDipFeedCode = TextsWhere<{ dipFeed: true }>;
type SummaryCode = TextsWhere<{ summary: '' | null }>;
type PublicCode = TextsWhere<{ publicName: string }>;
type ExportCode = TextsWhere<{ exportColumn: string }>;

const where = <C extends ReportTextCode>(test: (spec: ReportTextSpec) => boolean) =>
  REPORT_TEXT_CODES.filter((c) => test(REPORT_TEXT_FIELDS[c])) as C[];

/** The texts of one section, in form order. */
export const reportTextsOf = <S extends ReportTextSection>(section: S): TextSection<S>[] =>
  where<TextSection<S>>((f) => f.section === section);

export const REPORT_TEXT_DIP_FEED_CODES = where<ReportTextDipFeedCode>((f) => f.dipFeed === true);

/** The spec of a text of the report; undefined for any other name. */
export function reportTextField(name: string): ReportTextSpec | undefined {
  return Object.hasOwn(REPORT_TEXT_FIELDS, name) ? REPORT_TEXT_FIELDS[name as ReportTextCode] : undefined;
}

/* ---------- the national summary and the public report's texts ---------- */

type EmptyOf<K extends ReportTextCode> = Texts[K] extends { summary: null } ? string | null : string;

/** The report's texts as the national form reads an approved report: '' or null when empty. */
export type ReportTexts = { [K in SummaryCode]: EmptyOf<K> };

const SUMMARY_CODES = where<SummaryCode>((f) => f.summary !== undefined);

/** Reads the texts of a stored report leniently (anything not a text, or an empty one, is empty). */
export function readReportTexts(data: Record<string, unknown>): ReportTexts {
  const out: Record<string, string | null> = {};
  for (const code of SUMMARY_CODES) {
    const v = data[code];
    out[code] = typeof v === 'string' && v !== '' ? v : REPORT_TEXT_FIELDS[code].summary;
  }
  return out as ReportTexts;
}

export type PublicExpandedTextName = {
  [K in PublicCode]: Texts[K] extends { expanded: true } ? Texts[K]['publicName'] : never;
}[PublicCode];
/** The public report's keys of the texts of these sections. */
export type PublicTextsOf<S extends ReportTextSection> = {
  [K in PublicCode & TextSection<S> as Texts[K]['publicName']]: string;
};

const PUBLIC_CODES = where<PublicCode>((f) => f.publicName !== undefined);
export const PUBLIC_TEXT_NAMES = PUBLIC_CODES.map((c) => REPORT_TEXT_FIELDS[c].publicName);
/** The public names of the texts only signed-in readers receive. */
export const PUBLIC_EXPANDED_TEXT_NAMES = PUBLIC_CODES.filter(
  (c) => (REPORT_TEXT_FIELDS[c] as ReportTextSpec).expanded,
).map((c) => REPORT_TEXT_FIELDS[c].publicName) as PublicExpandedTextName[];

/** The public names of the texts of these sections, in form order. */
export const publicTextNamesOf = (...sections: ReportTextSection[]) =>
  PUBLIC_CODES.filter((c) => sections.includes(REPORT_TEXT_FIELDS[c].section)).map(
    (c) => REPORT_TEXT_FIELDS[c].publicName,
  );

/** The texts of these sections of the national summary under their public report names. */
export function publicReportTexts<S extends ReportTextSection>(
  texts: { [K in PublicCode]: string },
  ...sections: S[]
): PublicTextsOf<S> {
  const out: Record<string, string> = {};
  for (const code of PUBLIC_CODES)
    if ((sections as ReportTextSection[]).includes(REPORT_TEXT_FIELDS[code].section))
      out[REPORT_TEXT_FIELDS[code].publicName] = texts[code];
  return out as PublicTextsOf<S>;
}

/* ---------- the yearly export ---------- */

export type ReportTextExportColumns = { [K in ExportCode as Texts[K]['exportColumn']]: string };
const EXPORT_CODES = where<ExportCode>((f) => f.exportColumn !== undefined);
export const REPORT_TEXT_EXPORT_COLUMNS = EXPORT_CODES.map((c) => REPORT_TEXT_FIELDS[c].exportColumn);

/** The export's text columns of an approved report ('' when empty). */
export function reportTextExportColumns(data: Record<string, unknown>): ReportTextExportColumns {
  const out: Record<string, string> = {};
  for (const code of EXPORT_CODES) {
    const v = data[code];
    out[REPORT_TEXT_FIELDS[code].exportColumn] = typeof v === 'string' ? v : '';
  }
  return out as ReportTextExportColumns;
}
