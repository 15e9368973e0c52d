import {
  englishMessage,
  type FiresImportResult,
  type ImportMessageCode,
  type ServerMessageParams,
} from '@ciffc/contracts';
import { HttpError } from '../../http/errors.ts';

/**
 * The import's problems and rejection reasons (docs/fires-import.md, "The answer"): each is a code
 * of the site's catalogue with its parameters, so the site shows it in the user's language, and
 * its English text for the answer's `reason`, `errors` and `message`.
 */
export interface Problem {
  code: ImportMessageCode;
  params: ServerMessageParams;
}

/** A rejected row of the answer, its reason a code of the catalogue. */
export type RejectedRow = Omit<FiresImportResult['rejected'][number], 'code' | 'params'> & Problem;

/** The English text of a problem, as the answer's `reason`, `errors` and `message` carry it. */
export const english = ({ code, params }: Problem) => englishMessage(code, params);

/** A file that cannot be read at all: 400, and nothing is imported. */
export const malformed = (code: ImportMessageCode, params: ServerMessageParams = {}) =>
  new HttpError(400, code, { params });

/** Rejected rows counted by `reason_code`. */
export function countByReason(rejected: readonly RejectedRow[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const r of rejected) counts[r.reason_code] = (counts[r.reason_code] ?? 0) + 1;
  return counts;
}
