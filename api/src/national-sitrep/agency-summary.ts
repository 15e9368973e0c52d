import {
  type AgencyCode,
  type AgencySitrepSummary,
  effectivePreparednessLevel,
  type MobRow,
  readReportNumbers,
  readReportTexts,
} from '@ciffc/contracts';

/**
 * What the national form shows of the approved agency reports, read leniently from their stored
 * documents. No SQL, no HTTP: the service hands in what it read.
 */

export const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
export const zero = (v: unknown): number => num(v) ?? 0;
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const list = (v: unknown): Record<string, unknown>[] =>
  Array.isArray(v) ? v.filter((x): x is Record<string, unknown> => !!x && typeof x === 'object') : [];

function mobRows(v: unknown): MobRow[] {
  return list(v).map((r, i) => {
    const res = (r.resources && typeof r.resources === 'object' ? r.resources : {}) as Record<
      string,
      unknown
    >;
    return {
      key: str(r.key) || String(i),
      group: str(r.group) || str(r.key) || String(i),
      to: str(r.to),
      from: str(r.from),
      resources: {
        amount: num(res.amount),
        category: str(res.category),
        subcategory: str(res.subcategory),
        item: str(res.item),
      },
      ...(typeof r.label === 'string' && r.label ? { label: r.label } : {}),
    };
  });
}

/** One agency's approved sitrep (docs/spec/data-entry.md 3.1 names) as the national form and the report read it. */
export function toAgencySummary(
  agency: AgencyCode,
  versionNumber: number,
  data: Record<string, unknown>,
): AgencySitrepSummary {
  const level = effectivePreparednessLevel(
    {
      current_fire_hazard: num(data.current_fire_hazard),
      current_fire_load: num(data.current_fire_load),
      expected_fire_load: num(data.expected_fire_load),
      agency_resource_levels: num(data.agency_resource_levels),
      ciffc_response_capacity: num(data.ciffc_response_capacity),
    },
    num(data.prep_level_override),
  );
  return {
    agency,
    version_number: versionNumber,
    ...readReportTexts(data),
    ...readReportNumbers(data),
    preparedness_level: level,
    priority_fires: list(data.priority_fires).map((p) => ({
      fires: str(p.fires),
      latitude: num(p.latitude),
      longitude: num(p.longitude),
      stage_of_control: str(p.stage_of_control),
      size: num(p.size),
      incident_type: num(p.incident_type),
      percent_contained: num(p.percent_contained),
      comments_en: str(p.comments_en),
      comments_fr: str(p.comments_fr),
    })),
    mobs: mobRows(data.mobs_grouped),
    compact_mobs: mobRows(data.mobs),
    demobs: mobRows(data.demobs),
    rars: list(data.rars).map((r) => {
      const res = (r.resources && typeof r.resources === 'object' ? r.resources : {}) as Record<
        string,
        unknown
      >;
      return {
        available: zero(r.available),
        resources: { category: str(res.category), subcategory: str(res.subcategory), item: str(res.item) },
      };
    }),
  };
}

/** Mobilization rows grouped by their to and from pair (the `mobs`/`demobs` views of 3.2). */
export function groupByPlaces(rows: readonly MobRow[]): { to: string; from: string; rows: MobRow[] }[] {
  const groups = new Map<string, { to: string; from: string; rows: MobRow[] }>();
  for (const row of rows) {
    const key = `${row.to}\u0000${row.from}`;
    let group = groups.get(key);
    if (!group) {
      group = { to: row.to, from: row.from, rows: [] };
      groups.set(key, group);
    }
    group.rows.push(row);
  }
  return [...groups.values()];
}
