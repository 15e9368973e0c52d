import {
  AGENCY_CODES,
  CRS84,
  FIRE_CAUSES,
  type FireQueryable,
  type OgcQueryables,
  type PerimeterQueryable,
  RESPONSE_TYPES,
  STAGES_OF_CONTROL,
} from '@ciffc/contracts';

/** How a queryable compares: its values' type, and the case its codes are stored in. */
export interface Queryable {
  type: 'string' | 'number' | 'date' | 'datetime' | 'boolean';
  title: string;
  description?: string;
  enum?: readonly string[];
  /** Codes are stored in one case; a filter's value is put in it, as the query parameters do. */
  stored?: 'lower' | 'upper';
  /** The column it is read from, when not the queryable's own name (a boolean stored as 0/1). */
  column?: string;
}

/** The geometry a collection's features have, as Part 3 names its JSON Schema formats. */
export interface GeometryQueryable {
  format: 'geometry-point' | 'geometry-polygon-or-multipolygon';
  description: string;
}

/** The fires' queryables: the national list's filters (agency, stage, cause, response, size, dates). */
export const FIRE_QUERYABLE_TYPES: Record<FireQueryable, Queryable> = {
  agency_code: { type: 'string', title: 'Agency', enum: AGENCY_CODES, stored: 'lower' },
  agency_fire_id: { type: 'string', title: 'Agency fire id' },
  stage_of_control: {
    type: 'string',
    title: 'Stage of control',
    description: 'OC out of control, BH being held, UC under control, OUT',
    enum: STAGES_OF_CONTROL,
    stored: 'upper',
  },
  fire_cause: {
    type: 'string',
    title: 'Cause',
    description: 'H human, N natural, U undetermined; null: not reported',
    enum: FIRE_CAUSES,
    stored: 'upper',
  },
  response_type: {
    type: 'string',
    title: 'Response',
    description: 'FUL full, MOD modified, MON monitored; null: not reported',
    enum: RESPONSE_TYPES,
    stored: 'upper',
  },
  fire_size: { type: 'number', title: 'Size (hectares)' },
  situation_report_date: { type: 'date', title: 'Situation report date (first reported)' },
  status_date: { type: 'date', title: 'Date of the last change of stage of control' },
  updated_at: {
    type: 'datetime',
    title: 'When the fire was last written (UTC)',
    description:
      "What changed since a time: updated_at > TIMESTAMP('2026-07-15T12:00:00Z'), with datetime=.. for every season",
  },
};

/** The perimeters' queryables: the fire's agency and id, its area, and whether a capture is current. */
export const PERIMETER_QUERYABLE_TYPES: Record<PerimeterQueryable, Queryable> = {
  agency_code: FIRE_QUERYABLE_TYPES.agency_code,
  agency_fire_id: { type: 'string', title: 'Agency fire id (null: a capture of no named fire)' },
  area_ha: { type: 'number', title: 'Mapped area (hectares)' },
  current: {
    type: 'boolean',
    title: "The fire's newest capture",
    description: 'Past captures are served with captures=all',
    column: 'is_current',
  },
};

/** The queryables document of Part 3: a JSON Schema (2020-12) of the properties a filter may use. */
export function queryablesDocument(
  id: string,
  title: string,
  queryables: Record<string, Queryable>,
  geometry: GeometryQueryable,
): OgcQueryables {
  const properties: Record<string, Record<string, unknown>> = {
    geometry: {
      title: 'Location',
      format: geometry.format,
      'x-ogc-role': 'primary-geometry',
      description: `${geometry.description} in ${CRS84}`,
    },
  };
  for (const [name, q] of Object.entries(queryables)) {
    properties[name] = {
      title: q.title,
      type: q.type === 'date' || q.type === 'datetime' ? 'string' : q.type,
      ...(q.type === 'date' ? { format: 'date' } : q.type === 'datetime' ? { format: 'date-time' } : {}),
      ...(q.enum ? { enum: [...q.enum] } : {}),
      ...(q.description ? { description: q.description } : {}),
    };
  }
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: id,
    type: 'object' as const,
    title,
    properties,
    additionalProperties: false,
  };
}
