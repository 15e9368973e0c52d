/**
 * Building blocks of the `/v1` query strings, shared by the domains' request schemas. Query values
 * arrive as text: `true`/`1` are yes, `false`/`0` no.
 */
import { z } from 'zod';

export const BooleanQuery = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/**
 * Text from an address or a query with no control characters: a NUL cannot reach PostgreSQL (which
 * refuses it with an error) and names in the history stay printable.
 */
export const PlainText = (max: number, min = 0) =>
  z
    .string()
    .min(min)
    .max(max)
    .refine((v) => ![...v].some((c) => c.charCodeAt(0) < 32), 'no control characters');

/** `?lang=`: the language of the names in the answer; else Accept-Language, else English. */
export const LangQuery = z.enum(['en', 'fr']);

/** `to` must not come before `from`; the error names the later parameter. */
export function orderedDates<T extends Record<string, unknown>>(
  from: keyof T & string,
  to: keyof T & string,
) {
  return (value: T, ctx: z.RefinementCtx) => {
    const a = value[from];
    const b = value[to];
    if (typeof a === 'string' && typeof b === 'string' && b < a) {
      ctx.addIssue({
        code: 'custom',
        path: [to],
        message: `${to} ${b} is before ${from} ${a}`,
        params: { code: 'field.range_reversed', field: to, to: b, other: from, from: a },
      });
    }
  };
}
