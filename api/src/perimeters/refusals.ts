import { type PerimeterMessageCode, type PerimeterMessageParams, perimeterMessage } from '@ciffc/contracts';
import { HttpError } from '../http/errors.ts';

/** A refusal of the whole request, its message a `perimeters.*` code of the server catalogue (both languages). */
export const perimeterRefusal = (
  status: 400 | 403,
  code: PerimeterMessageCode,
  params: PerimeterMessageParams = {},
) => new HttpError(status, perimeterMessage(code, params, 'en'), { code, params });
