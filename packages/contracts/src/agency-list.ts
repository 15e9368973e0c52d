/**
 * GET /v1/agency's wire shapes. Kept apart from `agencies.ts`, whose constants the public home page
 * loads first: a zod schema there would pull zod into that first download (docs/decisions.md).
 */
import { z } from 'zod';
import { BooleanQuery, LangQuery } from './query.ts';

export const AgencyListQuery = z.object({
  has_siterep: BooleanQuery.optional().describe('true: only agencies that file a sitrep'),
  lang: LangQuery.optional().describe('Language of field_name; else Accept-Language, else en'),
});

const AgencyItem = z.object({
  field_code: z.string().describe('Lower-case agency code'),
  field_name: z.string().describe('Name in the language of the request'),
  field_name_en: z.string(),
  field_name_fr: z.string(),
  field_website: z.string(),
  field_website_priority_wildfires: z.string().nullable(),
  field_has_sitrep: z.boolean(),
  field_time_zone: z.string(),
});

export const AgencyList = z.object({ items: z.array(AgencyItem) });
export type AgencyList = z.infer<typeof AgencyList>;
