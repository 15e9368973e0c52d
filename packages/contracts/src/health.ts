/** GET /v1/health: the data API's database and the content system, for probes and operators. */
import { z } from 'zod';

export const Health = z.object({
  status: z.enum(['ok', 'degraded', 'down']),
  database: z.object({
    engine: z.enum(['sqlite', 'postgres']),
    reachable: z.boolean(),
    latency_ms: z.number(),
  }),
  // No URL: the answer is public, and the content system's internal address is not for visitors.
  content_system: z.object({ reachable: z.boolean(), latency_ms: z.number() }),
});
