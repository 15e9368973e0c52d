import { z } from 'zod';
import type { AgencyCode } from '../agencies.ts';
import type { ReportNumbers } from '../agency-sitrep/fields.ts';
import type { ReportTexts } from '../agency-sitrep/text-fields.ts';
import { ApiErrorBody } from '../error-body.ts';
import { ValidationErrors } from '../messages/index.ts';
import type { MobRow, NationalSitrepFields } from './draft.ts';
import type { NationalMobTable } from './mob-tables.ts';

/* ---------- status (docs/spec/data-entry.md 4.4) ---------- */

/**
 * 4.4, applied in its order so the last rule wins: the server status; UNPUBLISHED without one (a
 * draft never edited is not published either); PUBLISHED whenever is_published, even while claimed.
 * "Being edited" (E) needs someone holding the claim (the overview's rule, 3.3: a positive
 * claimed_by means Being Edited): a paused draft nobody holds reads UNPUBLISHED, not E.
 */
export function displayNationalStatus(meta: {
  status?: string | null;
  last_edit?: string | null;
  is_published?: boolean | null;
  claimed_by?: number | null;
}): string {
  if (meta.is_published) return 'PUBLISHED';
  if (meta.status === 'E' && meta.claimed_by !== undefined && !(meta.claimed_by && meta.claimed_by > 0))
    return 'UNPUBLISHED';
  return meta.status || 'UNPUBLISHED';
}

/**
 * The summary changed in one language only, since `before` (the draft the officer opened): the
 * language that changed, so publishing can warn that the other one still says the old thing.
 */
export function summaryChangedInOneLanguage(
  before: Pick<NationalSitrepFields, 'en_summary_comments' | 'fr_summary_comments'>,
  after: Pick<NationalSitrepFields, 'en_summary_comments' | 'fr_summary_comments'>,
): 'en' | 'fr' | null {
  const en = before.en_summary_comments.trim() !== after.en_summary_comments.trim();
  const fr = before.fr_summary_comments.trim() !== after.fr_summary_comments.trim();
  return en === fr ? null : en ? 'en' : 'fr';
}

/** What autosave and publish answer (docs/spec/data-entry.md section 7). */
export const NationalSaveResult = z.object({
  status: z.string(),
  last_edit: z.string().nullable(),
  version_number: z.number().int(),
  requires_manual_sync: z.boolean(),
  is_published: z.boolean(),
  claimed_by: z.number().int().nullable(),
  validationErrors: ValidationErrors,
});
export type NationalSaveResult = z.infer<typeof NationalSaveResult>;

export const NationalSitrepStats = z.object({
  version: z.number().int(),
  version_number: z.number().int(),
  claimed_by: z.number().int().nullable(),
  claimed_by_name: z.string().nullable(),
  is_published: z.boolean(),
  published_version: z.number().int().nullable(),
  status: z.string(),
  last_edit: z.string().nullable(),
  field_date: z.string().nullable().describe('Date of the latest published report'),
});
export type NationalSitrepStats = z.infer<typeof NationalSitrepStats>;

/* ---------- what the national form shows of the approved agency reports ---------- */

interface PriorityFireSummary {
  fires: string;
  latitude: number | null;
  longitude: number | null;
  stage_of_control: string;
  size: number | null;
  incident_type: number | null;
  percent_contained: number | null;
  comments_en?: string;
  comments_fr?: string;
}

interface RarsSummary {
  available: number;
  resources: { category: string; subcategory: string; item: string };
}

/**
 * One agency's approved report as the national form and the public report read it; its numbers
 * and texts are the field registry's (fields.ts, text-fields.ts).
 */
export interface AgencySitrepSummary extends ReportNumbers, ReportTexts {
  agency: AgencyCode;
  version_number: number;
  preparedness_level: number | null;
  priority_fires: PriorityFireSummary[];
  mobs: MobRow[];
  compact_mobs: MobRow[];
  demobs: MobRow[];
  rars: RarsSummary[];
}

/* ---------- the editing calls' wire shapes (docs/spec/data-entry.md section 7) ---------- */

/** What Start editing (claim) and Pause editing (release) answer. */
export const NationalClaimResult = z.object({
  status: z.string(),
  version_number: z.number().int(),
  claimed_by: z.number().int().nullable(),
  claimed_by_name: z.string().nullable(),
  last_edit: z.string().nullable(),
  is_published: z.boolean(),
});
export type NationalClaimResult = z.infer<typeof NationalClaimResult>;

/** Claim and release send no fields: an empty object, or no body at all. */
export const NationalEmptyBody = z.object({}).passthrough().optional();

/** A refused autosave or publish: the one error shape with the save's result (a 400 kept the draft). */
export const NationalSaveError = ApiErrorBody.extend(NationalSaveResult.partial().shape);

/** The status fields of GET /v1/sitrep/national beside the draft's own fields. */
const NationalDraftMeta = z.object({
  status: z.string(),
  is_published: z.boolean(),
  last_edit: z.string().nullable(),
  version_number: z.number().int(),
  published_version: z.number().int().nullable(),
  requires_manual_sync: z.boolean(),
  claimed_by: z.number().int().nullable(),
  claimed_by_name: z.string().nullable(),
  locked: z.boolean(),
  report_date: z.string(),
  duty_officer_options: z.array(z.string()),
  validationErrors: ValidationErrors,
});

/**
 * GET /v1/sitrep/national: the draft's fields (NationalSitrepFields), the approved agency
 * summaries (`sitrep`), yesterday's national tables (`previous`) and the status fields. Only the
 * status fields are checked on the way out; the form's fields are the draft's own, checked on save.
 */
export const NationalDraftResponse = NationalDraftMeta.loose().describe(
  "The national draft: its fields, the approved agency summaries, yesterday's national tables and its status",
);
export type NationalDraftResponse = NationalSitrepFields &
  z.infer<typeof NationalDraftMeta> & {
    sitrep: { agency_sitreps: AgencySitrepSummary[] };
    previous: {
      national_to_mobs: NationalMobTable;
      national_from_mobs: NationalMobTable;
      field_date: string;
    } | null;
    mobs: { to: string; from: string; rows: MobRow[] }[];
  };
