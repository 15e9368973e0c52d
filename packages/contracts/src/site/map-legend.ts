/**
 * The fires map's legend, shared by the site's map (web/src/shared/map/constants.ts re-exports it)
 * and the data API's preview image of a report (api/src/site-pages/preview): one set of groups,
 * colours and sizes, so the image reads as the map does.
 */

/**
 * Marker sizes (diameter, px) by fire size: 8 up to 100 ha, 12 above 100, 16 above 1,000; the
 * legend's ranges are 1-100, 101-1000 and over 1000 ha.
 */
export const SIZE_CLASSES = [
  { key: 'small', maxHectares: 100, diameter: 8 },
  { key: 'medium', maxHectares: 1000, diameter: 12 },
  { key: 'large', maxHectares: Number.POSITIVE_INFINITY, diameter: 16 },
] as const;
export type SizeClass = (typeof SIZE_CLASSES)[number]['key'];

export function sizeClassOf(hectares: number): SizeClass {
  if (hectares > 1000) return 'large';
  if (hectares > 100) return 'medium';
  return 'small';
}

/**
 * Legend groups and their colours: out of control red, being held yellow, under control blue, and
 * monitored (response MON) out of control purple. The hues are dark or outlined enough to stand
 * out from the base map (WCAG 1.4.11, 3:1 for graphics).
 */
export const STAGE_GROUPS = [
  { key: 'OC', colour: '#d7191c' },
  { key: 'BH', colour: '#f5c400' },
  { key: 'UC', colour: '#1f5fbf' },
  { key: 'MON_OC', colour: '#7b2cbf' },
] as const;
export type StageGroup = (typeof STAGE_GROUPS)[number]['key'];

/** A monitored fire out of control is its own group; every other fire goes by its stage. */
export function stageGroupOf(stage: string, response: string): StageGroup | undefined {
  if (stage === 'OC') return response === 'MON' ? 'MON_OC' : 'OC';
  if (stage === 'BH' || stage === 'UC') return stage;
  return undefined;
}

/** Base map colours (offline layer; a browser test reads them off the drawn map). */
export const BASE_COLOURS = {
  water: '#dbe9f4',
  land: '#f7f6f2',
  /** Land outside Canada: a shade darker, so Canada stands out while the coasts still read. */
  neighbour: '#e6e4de',
  border: '#8a8a8a',
} as const;
