import { type AgencyCode, englishMessage, type PerimetersImportResult } from '@ciffc/contracts';
import { type CheckedArea, checkArea, type Refusal } from './geometry.ts';
import { mapProperties, type PerimeterFields } from './mapping.ts';
import type { RawFeature } from './parse.ts';

export type Refused = PerimetersImportResult['refused'][number];
export interface Candidate {
  feature: number;
  fields: PerimeterFields;
  area: CheckedArea;
}

/** What the reader's process answers of a file: its format and features, checked one by one. */
export interface CheckedFile {
  format: PerimetersImportResult['format'];
  total: number;
  candidates: Candidate[];
  refused: Refused[];
}

export interface CheckOptions {
  /** An agency user's import: only this agency's perimeters are accepted. */
  ownAgency: AgencyCode | undefined;
  now: Date;
}

const isRefusal = (v: unknown): v is Refusal => typeof v === 'object' && v !== null && 'code' in v;

/** Each feature mapped and checked: the candidates to store, and the refusals with their reasons. */
export function checkFeatures(
  features: RawFeature[],
  options: CheckOptions,
): { candidates: Candidate[]; refused: Refused[] } {
  const candidates: Candidate[] = [];
  const refused: Refused[] = [];
  features.forEach((f, index) => {
    const feature = index + 1;
    const fields = mapProperties(f.properties, { ownAgency: options.ownAgency, now: options.now });
    const area = isRefusal(fields) ? fields : checkArea(f.geometry);
    if (isRefusal(fields) || isRefusal(area)) {
      const refusal = (isRefusal(fields) ? fields : area) as Refusal;
      refused.push({
        feature,
        agency_code: isRefusal(fields) ? null : fields.agency_code,
        agency_fire_id: isRefusal(fields) ? null : fields.agency_fire_id,
        reason: englishMessage(refusal.code, refusal.params),
        code: refusal.code,
        params: refusal.params,
      });
      return;
    }
    candidates.push({ feature, fields, area: area as CheckedArea });
  });
  return { candidates, refused };
}
