import type { PerimeterMessageCode, PerimeterMessageParams } from '@ciffc/contracts';
import { HttpError } from '../http/errors.ts';

/** A refusal of the whole request, its message a `perimeters.*` code of the server catalogue (both languages). */
export const perimeterRefusal = (
  status: 400 | 403 | 413,
  code: PerimeterMessageCode,
  params: PerimeterMessageParams = {},
) => new HttpError(status, code, { params });
