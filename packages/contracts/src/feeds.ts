/**
 * The agency feeds' wire shapes (docs/fires-import.md, "Agency feeds"): what the data API declares
 * on /v1/feeds and what the site's fire-feeds screen reads, from one place.
 */
import { z } from 'zod';
import { AGENCY_CODES } from './agencies.ts';

/** PUT /v1/feeds/:agency */
export const FeedInput = z.object({
  url: z
    .string()
    .max(2000)
    .url()
    .refine((u) => /^https?:\/\//i.test(u), 'an http or https URL'),
  interval_minutes: z.number().int().min(1).max(1440),
  enabled: z.boolean().default(true),
  snapshot: z
    .boolean()
    .nullable()
    .default(null)
    .describe(
      "true: each file is the agency's complete current list, so its fires no longer listed end; null: only when the file has the national active-fires layout (docs/fires-import.md, Snapshots)",
    ),
});
export type FeedInput = z.input<typeof FeedInput>;

export const FeedParams = z.object({ agency: z.enum(AGENCY_CODES) });

const FEED_OUTCOMES = ['imported', 'not_modified', 'failed', 'leased'] as const;
export type FeedOutcome = (typeof FEED_OUTCOMES)[number];

/** A feed as the screen shows it (the lease and the HTTP validators stay inside the API). */
export const FeedStatus = z.object({
  agency_code: z.string(),
  url: z.string(),
  interval_minutes: z.number(),
  enabled: z.boolean(),
  snapshot: z.boolean().nullable(),
  next_run_at: z.string(),
  last_run_at: z.string().nullable(),
  last_success_at: z.string().nullable(),
  last_error_at: z.string().nullable(),
  last_error: z.string().nullable(),
  /** `imported`, `not_modified` or `failed`. */
  last_outcome: z.string().nullable(),
  last_total_rows: z.number().nullable(),
  last_accepted: z.number().nullable(),
  last_rejected: z.number().nullable(),
  last_import_id: z.number().nullable(),
});
export type FeedStatus = z.infer<typeof FeedStatus>;

/** GET /v1/feeds */
export const FeedList = z.object({ items: z.array(FeedStatus) });
export type FeedList = z.infer<typeof FeedList>;

/** POST /v1/feeds/:agency/run */
export const FeedRun = z.object({ outcome: z.enum(FEED_OUTCOMES), feed: FeedStatus });
export type FeedRun = z.infer<typeof FeedRun>;
