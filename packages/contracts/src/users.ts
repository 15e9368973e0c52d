/** GET /v1/me: the signed-in user as the data API sees it (role and agency from the content system). */
import { z } from 'zod';

export const Me = z.object({
  id: z.number(),
  username: z.string(),
  role: z.string(),
  agency_code: z.string().nullable(),
  is_national: z.boolean(),
  agency: z.string().nullable().describe('The agency this user may write, if any'),
});
