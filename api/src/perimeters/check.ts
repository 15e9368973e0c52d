import { type AgencyCode, englishMessage, type PerimetersImportResult } from '@ciffc/contracts';
import { type CheckedArea, checkArea, type Refusal } from './geometry.ts';
import { type MappingChoice, mapProperties, type PerimeterFields } from './mapping.ts';
import type { RawFeature } from './parse.ts';

export type Refused = PerimetersImportResult['refused'][number];
export interface Candidate {
  feature: number;
  fields: PerimeterFields;
  area: CheckedArea;
}

/** An attribute of the features, with a few of its values (what the mapping step shows). */
export interface FileAttribute {
  name: string;
  samples: string[];
}

/** What the reader's process answers of a file: its format and features, checked one by one. */
export interface CheckedFile {
  format: PerimetersImportResult['format'];
  total: number;
  attributes: FileAttribute[];
  candidates: Candidate[];
  refused: Refused[];
}

export interface CheckOptions extends MappingChoice {
  /** An agency user's import: only this agency's perimeters are accepted. */
  ownAgency: AgencyCode | undefined;
  now: Date;
}

const MAX_ATTRIBUTES = 200;
const SAMPLES = 3;
const SAMPLE_LENGTH = 60;

const sampleOf = (value: unknown): string | undefined => {
  if (value === null || value === undefined) return undefined;
  const text = (value instanceof Date ? value.toISOString() : String(value)).trim();
  return text ? text.slice(0, SAMPLE_LENGTH) : undefined;
};

/**
 * The features' attribute names in the order first met (a name differing only by case is the same
 * attribute, as the mapping reads them), each with its first few distinct values.
 */
export function attributesOf(features: readonly RawFeature[]): FileAttribute[] {
  const byName = new Map<string, FileAttribute>();
  for (const f of features)
    for (const [name, value] of Object.entries(f.properties)) {
      let attribute = byName.get(name.toLowerCase());
      if (!attribute) {
        if (byName.size >= MAX_ATTRIBUTES) continue;
        attribute = { name, samples: [] };
        byName.set(name.toLowerCase(), attribute);
      }
      const sample = sampleOf(value);
      if (sample !== undefined && attribute.samples.length < SAMPLES && !attribute.samples.includes(sample))
        attribute.samples.push(sample);
    }
  return [...byName.values()];
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
    const fields = mapProperties(f.properties, options);
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
