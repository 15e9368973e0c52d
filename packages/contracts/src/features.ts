/**
 * Feature aliases of docs/spec/public-site.md section 2: a route or menu item is reachable only if its alias
 * is among the published static contents of the content system. The content system seeds one block
 * per alias from this list (compiled for it by cms/scripts/build-contracts.mjs: keep it dependency-free).
 */
export const FEATURE_ALIASES = [
  'login',
  'national-summary',
  'national-fires',
  'fire-statistics',
  'national-sitrep-archive',
  'sitrep-input-agency',
  'sitrep-input-national',
  'inventory-input',
  'inventory',
  'reports-and-exports',
] as const;
export type FeatureAlias = (typeof FEATURE_ALIASES)[number];

/**
 * The gating rule: while the list of published aliases has not loaded (`undefined`), every route is
 * allowed; afterwards only published ones.
 */
export function isFeaturePublished(
  alias: FeatureAlias | undefined,
  published: readonly string[] | undefined,
): boolean {
  if (alias === undefined || published === undefined) return true;
  return published.includes(alias);
}
