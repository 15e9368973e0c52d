/**
 * Upper bounds of the numbers people type, beside the lower ones (0, or 1 for an amount). One
 * place for the site's fields and the data API's schemas; the figures and their sources are in
 * docs/decisions.md, "Upper bounds for every typed number".
 *
 * Each bound is a national season with room, so that no real report is ever refused and a slip
 * of the keyboard (99,999,999,999,999 fires) always is:
 * - fires: Canada's worst season on record, 2023, counted about 6,600 fires and the busiest years
 *   of the national fire database about 10,000 to 12,000 (late 1980s and 1990s); 50,000 is four
 *   times that for any single count (an agency's, a season's total or a forecast).
 * - hectares: 2023 burned about 18.5 million ha nationally, about three times any earlier
 *   season; 50 million ha (a seventh of Canada's forest) leaves room for one worse.
 * - resources (a grid cell, a mobilization amount, available resources, casual hire
 *   helicopters): the largest national deployment, 2023, was about 5,500 people brought in from
 *   abroad; 100,000 of one resource in one cell is far beyond any.
 * - US fires: the United States counted about 50,000 to 100,000 wildfires a year since the
 *   1990s and about 250,000 in 1981 (NIFC); US acres: at most about 10 million acres a year.
 * - inventory counts: kept at the 1,000,000 the inventory rules already had (hose lengths and
 *   similar items are counted in thousands).
 */
export const FIRE_COUNT_MAX = 50_000;
export const HECTARES_MAX = 50_000_000;
export const RESOURCE_COUNT_MAX = 100_000;
export const US_FIRE_COUNT_MAX = 500_000;
export const US_ACRES_MAX = 100_000_000;
export const INVENTORY_COUNT_MAX = 1_000_000;
