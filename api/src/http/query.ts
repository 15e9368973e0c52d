import { IsoDate } from '@ciffc/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type DataSet, dataVersions } from '../db/versions.ts';
import { requestLang } from './lang.ts';
import { centreToday } from './time.ts';

export const booleanQuery = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
export const dateQuery = IsoDate;

/** `to` must not come before `from`; the error names the later parameter. */
export function orderedDates<T extends Record<string, unknown>>(
  from: keyof T & string,
  to: keyof T & string,
) {
  return (value: T, ctx: z.RefinementCtx) => {
    const a = value[from];
    const b = value[to];
    if (typeof a === 'string' && typeof b === 'string' && b < a) {
      ctx.addIssue({ code: 'custom', path: [to], message: `${to} ${b} is before ${from} ${a}` });
    }
  };
}

export const ErrorResponse = z.object({
  statusCode: z.number(),
  error: z.string(),
  message: z.string(),
  validationErrors: z.record(z.string(), z.string()).optional(),
});

/** What a public read depends on besides its URL: the data sets, "today", and the language if named. */
export async function readVersion(
  app: FastifyInstance,
  request: FastifyRequest,
  sets: readonly DataSet[],
  options: { lang?: boolean } = {},
): Promise<string> {
  const versions = await dataVersions(app.db.kysely, sets);
  const today = centreToday(app.config.now());
  return `${versions}|${today}${options.lang ? `|${requestLang(request)}` : ''}`;
}
