import type { z } from 'zod';
import { type FieldError, fieldError, isServerMessageCode, type ServerMessageParams } from './index.ts';

type Issue = z.core.$ZodIssue;

const bound = (value: number | bigint) => Number(value);

function tooSmall(issue: Extract<Issue, { code: 'too_small' }>): FieldError {
  const min = bound(issue.minimum);
  if (issue.origin === 'string')
    return min === 1 ? fieldError('field.required') : fieldError('field.too_short', { min });
  if (issue.origin === 'array' || issue.origin === 'set') return fieldError('field.too_few', { min });
  return fieldError('field.min', { min });
}

function tooBig(issue: Extract<Issue, { code: 'too_big' }>): FieldError {
  const max = bound(issue.maximum);
  if (issue.origin === 'string') return fieldError('field.too_long', { max });
  if (issue.origin === 'array' || issue.origin === 'set') return fieldError('field.too_many', { max });
  return fieldError('field.max', { max });
}

/**
 * A refinement names its code in its params (`{ params: { code: 'field.between', min, max } }`):
 * the other params are the code's. Without a known code it is an invalid value.
 */
function custom(issue: Extract<Issue, { code: 'custom' }>): FieldError {
  const { code, ...params } = (issue.params ?? {}) as Record<string, unknown>;
  if (!isServerMessageCode(code)) return fieldError('field.invalid');
  const shown: ServerMessageParams = {};
  for (const [name, value] of Object.entries(params))
    if (typeof value === 'string' || typeof value === 'number') shown[name] = value;
  return fieldError(code, shown);
}

/** The code and parameters of a zod issue: the bound it broke, the type it expected, the refinement's code. */
export function issueError(issue: Issue): FieldError {
  switch (issue.code) {
    case 'too_small':
      return tooSmall(issue);
    case 'too_big':
      return tooBig(issue);
    case 'custom':
      return custom(issue);
    case 'invalid_type':
      if (issue.expected === 'int') return fieldError('field.whole');
      // A property the body lacks, or a form's empty value (the issue holds its input when the
      // parse reports it).
      if ('input' in issue && (issue.input === undefined || issue.input === null))
        return fieldError('field.required');
      return fieldError('field.invalid_type', { expected: issue.expected });
    case 'invalid_format':
      return fieldError('field.format');
    case 'invalid_value':
      // The API rebuilds issues from fastify's validation errors: never trust a field to be there.
      return fieldError('field.one_of', { list: (issue.values ?? []).map(String).join(', ') });
    default:
      return fieldError('field.invalid');
  }
}

/**
 * A number within [lo, hi], answered with `field.between` and both ends (a refinement: zod's own
 * min and max would each name one end only).
 */
export const inRange = (n: z.ZodNumber, lo: number, hi: number) =>
  n.refine((v) => v >= lo && v <= hi, { params: { code: 'field.between', min: lo, max: hi } });
