/** One place of the gazetteer: [GeoNames id, official name, province code, latitude, longitude, population, English form?]. */
export type PlaceRow =
  | readonly [number, string, string, number, number, number]
  | readonly [number, string, string, number, number, number, string];
