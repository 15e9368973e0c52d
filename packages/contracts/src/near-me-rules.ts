/**
 * The rules of "Fires near me" that the site and the API both read, with no zod, so that the
 * home page's chunks stay free of it (docs/decisions.md, "Contracts first"): the bounds, the
 * compass points, and what `near` names in an address.
 */

/** Radius of "near": what a person reading about their area expects, and the largest asked. */
export const NEAR_RADIUS_KM = { default: 100, min: 5, max: 500 } as const;
/** Rows of the list: enough for a region, short enough to read. */
export const NEAR_LIMIT = { default: 10, max: 50 } as const;
/** Places offered while typing. */
export const PLACES_LIMIT = { default: 8, max: 20 } as const;

/** The eight points of the compass, clockwise from north; their names are the site's messages. */
export const COMPASS_POINTS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;
export type CompassPoint = (typeof COMPASS_POINTS)[number];

/** The point of the compass of a bearing in degrees (0 north, clockwise); each point spans 45°. */
export function compassPoint(bearingDeg: number): CompassPoint {
  const turn = ((bearingDeg % 360) + 360) % 360;
  return COMPASS_POINTS[Math.round(turn / 45) % 8] as CompassPoint;
}

const POINT = /^(-?\d{1,2}(?:\.\d{1,6})?),(-?\d{1,3}(?:\.\d{1,6})?)$/;
const PLACE_ID = /^\d{1,10}$/;

/** What `near` names: a gazetteer place or a point; undefined when it is neither. */
type NearTarget = { place: string } | { latitude: number; longitude: number };

export function parseNear(text: string): NearTarget | undefined {
  if (PLACE_ID.test(text)) return { place: text };
  const match = POINT.exec(text);
  if (!match) return undefined;
  const latitude = Number(match[1]);
  const longitude = Number(match[2]);
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return undefined;
  return { latitude, longitude };
}

/** A point as `near` writes it: four decimals (about 10 m) are precise enough and shorter to share. */
export const nearOfPoint = (latitude: number, longitude: number) =>
  `${latitude.toFixed(4)},${longitude.toFixed(4)}`;
