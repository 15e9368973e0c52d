/** GET /v1/duty-officers: suggestions for the national form's Current Duty Officer (data-entry.md 3.2). */
import { z } from 'zod';

const DutyOfficerItem = z.object({
  name: z.string(),
  phone: z.string().nullable(),
  last_on_duty: z.string().nullable().describe('Last report date (YYYY-MM-DD) that named this officer'),
});

export const DutyOfficerList = z.object({ items: z.array(DutyOfficerItem) });
export type DutyOfficerList = z.infer<typeof DutyOfficerList>;
