/** The wire shapes of a national report's link preview (GET /v1/sitrep/{date}/preview.png). */
import { z } from 'zod';
import { isReportDate } from './national-sitrep/report-date.ts';
import { LangQuery } from './query.ts';

export const ReportPreviewParams = z.object({
  date: z
    .string()
    .refine(isReportDate, { message: 'expected a date as YYYY-MM-DD' })
    .describe('Report date, YYYY-MM-DD'),
});
export const ReportPreviewQuery = z.object({
  lang: LangQuery.optional().describe('Language of the text: en (default) or fr'),
});
export const ReportPreviewImage = z.string().describe('A PNG image (image/png), 1200×630');
