import { z } from 'zod';
import { ApiErrorBody } from '../error-body.ts';
import { ValidationErrors } from '../messages/index.ts';
import { AgencySitrepShape } from './form.ts';

/* ---------- statuses (docs/spec/data-entry.md 4.1) ---------- */

const AGENCY_SITREP_STATUSES = ['N', 'E', 'S', 'R', 'A'] as const;
export type AgencySitrepStatus = (typeof AGENCY_SITREP_STATUSES)[number];

/** An empty or unknown status counts as N (not started). */
export function normaliseStatus(status: string | null | undefined): AgencySitrepStatus {
  return (AGENCY_SITREP_STATUSES as readonly string[]).includes(status ?? '')
    ? (status as AgencySitrepStatus)
    : 'N';
}

export const canApprove = (status: string | null | undefined) => normaliseStatus(status) !== 'A';
export const canReject = (status: string | null | undefined) => normaliseStatus(status) !== 'R';
/* ---------- the wire shapes of section 7 ---------- */

export const SitrepFireOption = z.object({
  fires: z.string().describe('Agency fire id (the priority fire name)'),
  latitude: z.number(),
  longitude: z.number(),
  stage_of_control: z.string(),
  size: z.number(),
  incident_type: z.number().nullable(),
  percent_contained: z.number().nullable(),
});
export type SitrepFireOption = z.infer<typeof SitrepFireOption>;

export const SitrepStatusFields = z.object({
  agency: z.string(),
  status: z.enum(AGENCY_SITREP_STATUSES),
  version_number: z.number().int(),
  locked: z.boolean().describe('Another user holds a live claim (or the copy is read-only)'),
  edited_by: z.string().nullable(),
  claimed_by: z
    .number()
    .int()
    .nullable()
    .describe('User id of the claim holder; positive means Being Edited'),
  claimed_by_name: z.string().nullable(),
  claim_expires_at: z.string().nullable(),
  last_edit: z.string().nullable(),
  approved_version: z.number().int().nullable(),
  published_version: z.number().int().nullable(),
  has_dip_feed: z.boolean(),
  submitted_version: z.number().int().nullable().describe('The version last submitted'),
  changed_since_submitted: z
    .boolean()
    .describe('Saved again since it was submitted (and not decided since): submit again'),
  rejected_version: z.number().int().nullable().describe('The version last marked Not Approved'),
  rejected_reason: z.string().nullable().describe('The reason given with Not Approved, if any'),
  validationErrors: ValidationErrors,
});
export type SitrepStatusFields = z.infer<typeof SitrepStatusFields>;

export const AgencySitrepResponse = AgencySitrepShape.extend(SitrepStatusFields.shape).extend({
  variant: z.enum(['draft', 'approved', 'published']),
  fire_options: z
    .record(z.string(), SitrepFireOption)
    .describe('Known fires of the agency, keyed by fire name'),
  previous: AgencySitrepShape.nullable().describe('The last approved report, for bring forward'),
});
export type AgencySitrepResponse = z.infer<typeof AgencySitrepResponse>;

export const AgencySitrepStatsItem = z.object({
  agency: z.string(),
  status: z.enum(AGENCY_SITREP_STATUSES),
  version_number: z.number().int(),
  claimed_by: z.number().int().nullable(),
  claimed_by_name: z.string().nullable(),
  edited_by: z.string().nullable(),
  last_edit: z.string().nullable(),
  approved_version: z.number().int().nullable(),
  published_version: z.number().int().nullable(),
  rejected_reason: z.string().nullable().optional().describe('The Not Approved reason, if any'),
  changed_since_submitted: z.boolean().optional(),
  sections_with_data: z.number().int().describe('How many of the 13 sections hold data'),
  section_count: z.number().int(),
});
export type AgencySitrepStatsItem = z.infer<typeof AgencySitrepStatsItem>;

/* ---------- the calls' requests and refusals ---------- */

const agencyCode = z
  .string()
  .min(2)
  .max(10)
  .transform((v) => v.toLowerCase());

/** `?agency=` of the reads, the save, claim and release. */
export const AgencyQuery = z.object({ agency: agencyCode.describe('Agency code') });

/** One id per browser tab: a save may land over a newer version only when that one is its own. */
const EditSession = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/)
  .describe('The editing session (one per tab): a save over a newer version of the same session is accepted');

/** POST /v1/sitrep/agency: the whole form (types only; bounds answer validationErrors) and its base. */
export const SitrepSaveBody = AgencySitrepShape.extend({
  version_number: z
    .number()
    .int()
    .min(0)
    .max(2_147_483_647)
    .describe('The version this form was based on (stale → 409)'),
  edit_session: EditSession.optional(),
});

/** Approve, Not Approved and Submit act on the version the user viewed. */
const ViewedVersion = z
  .number()
  .int()
  .min(0)
  .max(2_147_483_647)
  .describe('The version the user viewed (a newer current version → 409)');

/** Submit: the agency, and the version saved when the client knows it. */
export const SitrepSubmitBody = z.object({ agency: agencyCode, version_number: ViewedVersion.optional() });
/** Approve (CIFFC): the version viewed. */
export const SitrepApproveBody = z.object({
  agency: agencyCode,
  version_number: ViewedVersion,
  confirm_unsubmitted: z
    .boolean()
    .optional()
    .describe(
      'true: approve a version the agency never submitted (the user was told which version was submitted); without it such an approval answers 409 sitrep.not_submitted',
    ),
});
/** Not Approved (CIFFC): the version viewed and an optional reason shown to the agency. */
export const SitrepRejectBody = z.object({
  agency: agencyCode,
  version_number: ViewedVersion,
  reason: z.string().max(2000).optional().describe('Why (shown to the agency)'),
});

/** GET /v1/sitrep/stats/agency. */
export const AgencySitrepStatsList = z.object({ items: z.array(AgencySitrepStatsItem) });
export type AgencySitrepStatsList = z.infer<typeof AgencySitrepStatsList>;

/** A refusal: the one error shape with the status fields the site needs to redraw (section 7). */
export const SitrepErrorBody = ApiErrorBody.extend(
  SitrepStatusFields.partial().omit({ validationErrors: true }).shape,
);
