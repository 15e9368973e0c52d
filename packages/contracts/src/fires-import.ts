/**
 * The fire import's wire shapes (docs/fires-import.md): the import itself, its history and a fire's
 * versions, declared by the data API and read by the site's import screen as types only.
 */
import { z } from 'zod';
import { FIRE_SOURCES } from './current-picture.ts';
import { PlainText } from './query.ts';

const IMPORT_SOURCES = ['api', 'cli', 'feed'] as const;
const IMPORT_FORMATS = ['csv', 'geojson'] as const;

/** A fire's values as the data API stores them (a version in the import history, an OGC feature). */
export const StoredFire = z.object({
  agency_code: z.string(),
  agency_fire_id: z.string(),
  agency_data_timezone: z.string(),
  situation_report_date: z.string(),
  status_date: z.string(),
  stage_of_control: z.string(),
  fire_cause: z.string().nullable().describe('null: not reported'),
  response_type: z.string().nullable().describe('null: not reported'),
  fire_size: z.number(),
  latitude: z.number(),
  longitude: z.number(),
  updated_at: z.string().describe('When these values were written'),
  report_source: z
    .string()
    .describe(`Who reported these values: ${FIRE_SOURCES.join(', ')} (docs/fires-import.md, Sources)`),
  reported_on: z.string().nullable().describe('The day these values were reported (YYYY-MM-DD)'),
  ended_on: z
    .string()
    .nullable()
    .describe('The day a snapshot no longer listed the fire (it is then OUT); null while listed'),
});

/** ?dry_run=&file_name=&snapshot=&report= of POST /v1/fires/import. */
export const FiresImportQuery = z.object({
  dry_run: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional()
    .describe('Check the file and answer as usual without writing'),
  file_name: PlainText(255).optional().describe("The file's name, kept in the import history"),
  snapshot: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional()
    .describe(
      "The file is the complete current list of the agencies it holds: their fires it no longer lists end (docs/fires-import.md, Snapshots). Default: true for the national active-fires file's layout, else false",
    ),
  report: z
    .enum(['csv'])
    .optional()
    .describe(
      'csv: check the file without writing (a dry run) and answer every rejected row as CSV (row, line, agency_code, agency_fire_id, reason_code, code, reason, errors) instead of the JSON summary',
    ),
  progress: z
    .string()
    .regex(/^[\w-]{8,64}$/)
    .optional()
    .describe(
      'A name the client chose (8 to 64 letters, digits, _ or -) to follow the check through GET /v1/fires/import/progress/{progress}',
    ),
});

/** GET /v1/fires/import/progress/{id}: how far the server is in an import it is checking. */
export const FiresImportProgressParams = z.object({ id: z.string().regex(/^[\w-]{8,64}$/) });
export const FiresImportProgress = z.object({
  stage: z.enum(['checking', 'writing']).describe('checking: reading the rows; writing: into the database'),
  rows_checked: z.number().int().describe('Rows read and checked so far'),
  rows_written: z
    .number()
    .int()
    .describe('Valid rows compared with the current fires and written so far (a dry run: compared)'),
});
export type FiresImportProgress = z.infer<typeof FiresImportProgress>;

const AcceptedRow = z.object({
  row: z.number(),
  line: z.number().optional().describe('The CSV line the row starts on'),
  agency_code: z.string(),
  agency_fire_id: z.string(),
  action: z
    .enum(['inserted', 'updated', 'unchanged', 'overruled'])
    .describe(
      "'unchanged': the fire already had these values; it is neither rewritten nor versioned. 'overruled': a newer or stronger report holds (docs/fires-import.md, Sources); the row is kept in the fire's history only",
    ),
});

const RejectedRow = z.object({
  row: z.number(),
  line: z.number().optional(),
  agency_code: z.string().optional(),
  agency_fire_id: z.string().optional(),
  reason: z.string().describe('The first problem, in words; every problem is in `errors`, keyed by field'),
  reason_code: z
    .string()
    .describe('The first problem as field:kind (stage_of_control:unknown), counted in rejected_by_reason'),
  code: z.string().describe("The reason as a code of the site's catalogue (SERVER_MESSAGES)"),
  params: z.record(z.string(), z.union([z.string(), z.number()])).describe("The code's parameters"),
  errors: z.record(z.string(), z.string()),
});

/** The answer of POST /v1/fires/import (docs/fires-import.md, "The answer"). */
/** `?report=csv`: the answer is the rejected rows as CSV text, not JSON. */
export const FiresImportReport = z.string().describe('?report=csv: every rejected row, as text/csv');

export const FiresImportResult = z.object({
  import_id: z
    .number()
    .nullable()
    .describe('The history id of this import (GET /v1/fires/imports); null for a dry run'),
  format: z.enum(IMPORT_FORMATS),
  dry_run: z.boolean(),
  total_rows: z.number(),
  accepted_count: z.number(),
  rejected_count: z.number(),
  rejected_by_reason: z
    .record(z.string(), z.number())
    .describe('Rejected rows counted by reason_code (field:kind, e.g. agency_code:us_agency)'),
  inserted: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  overruled: z.number().describe('Rows that lost to a newer or stronger report of the same fire'),
  overruled_by: z
    .record(z.string(), z.number())
    .describe('Overruled rows counted by the source of the report that held'),
  snapshot_on: z
    .string()
    .nullable()
    .describe(
      "A snapshot: the day it speaks for (its newest row, or the feed's Last-Modified); null otherwise",
    ),
  ended: z.number().describe("Fires of the snapshot's agencies it no longer lists, now out of the picture"),
  accepted: z.array(AcceptedRow).describe('The first 100 accepted rows, in row order'),
  accepted_truncated: z.number().describe('Accepted rows left out of `accepted` (beyond the first 100)'),
  rejected: z
    .array(RejectedRow)
    .describe('The first 100 rejected rows, in row order; every one: the same request with ?report=csv'),
  rejected_truncated: z.number().describe('Rejected rows left out of `rejected` (beyond the first 100)'),
});
export type FiresImportResult = z.infer<typeof FiresImportResult>;

/** ?page= of GET /v1/fires/imports. */
export const FireImportsQuery = z.object({ page: z.coerce.number().int().min(1).max(1_000_000).default(1) });

/** One import of the history (its file is read apart, GET /v1/fires/imports/:id/file). */
export const FireImport = z.object({
  id: z.number(),
  created_at: z.string(),
  source: z.enum(IMPORT_SOURCES),
  user_id: z.number().nullable(),
  username: z.string().nullable(),
  agency_code: z.string().nullable().describe("An agency user's import: the only agency it could hold"),
  format: z.enum(IMPORT_FORMATS),
  file_name: z.string().nullable(),
  file_bytes: z.number(),
  total_rows: z.number(),
  inserted: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  rejected: z.number(),
  ended: z.number(),
  overruled: z.number(),
  snapshot_on: z.string().nullable(),
});
export type FireImport = z.infer<typeof FireImport>;

/** GET /v1/fires/imports: the imports, newest first, 50 a page. */
export const FireImportsPage = z.object({
  items: z.array(FireImport),
  meta: z.object({
    page: z.number(),
    page_size: z.number(),
    total_pages: z.number(),
    total_results: z.number(),
  }),
});
export type FireImportsPage = z.infer<typeof FireImportsPage>;

/** GET /v1/fires/imports/:id/file */
export const FireImportFileParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
export const FireImportFile = z.any().describe('The file: text/csv or application/geo+json');

/**
 * What a version records: the values an import inserted or changed, the values before the first
 * recorded change ('baseline'), a fire a snapshot ended ('ended'), a report that lost to a newer
 * or stronger one ('overruled': kept, not applied), or local days recomputed from the import's own
 * file with newer time zone data ('corrected': docs/time-zones.md).
 */
const FIRE_VERSION_ACTIONS = ['inserted', 'updated', 'baseline', 'ended', 'overruled', 'corrected'] as const;
export type FireVersionAction = (typeof FIRE_VERSION_ACTIONS)[number];

/** GET /v1/fires/:agency/:agency_fire_id/versions */
export const FireVersionsParams = z.object({
  agency: PlainText(10),
  agency_fire_id: PlainText(100, 1),
});

const FireVersion = z.object({
  version_id: z.number(),
  import_id: z.number(),
  action: z.enum(FIRE_VERSION_ACTIONS),
  recorded_at: z.string().describe('When the import ran'),
  source: z.enum(IMPORT_SOURCES),
  username: z.string().nullable(),
  fire: StoredFire,
});

/** A fire's versions, newest first: its values after each import that inserted or changed it. */
export const FireVersions = z.object({
  agency_code: z.string(),
  agency_fire_id: z.string(),
  items: z.array(FireVersion),
});
