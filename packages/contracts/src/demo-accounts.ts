/**
 * The demo's accounts (demo mode only, never in production): the content system seeds them
 * (cms/src/seed/demo.ts), and the tests, benchmarks and start script sign in with them. One
 * password for every demo user (`ab`..`yt`, `ciffc`). Dependency-free: the content system runs it
 * compiled to CommonJS (cms/scripts/build-contracts.mjs).
 */
export const DEMO_PASSWORD = 'wildfire-demo';
/** The admin panel's super admin of the demo. */
export const DEMO_ADMIN = { email: 'admin@demo.ciffc.local', password: 'Wildfire-demo-1' };
/**
 * The centre's editor of the demo: Editor role, not super admin (cms/README.md, Editors). Read by
 * the content system only, which knip does not see.
 * @public
 */
export const DEMO_EDITOR = { email: 'editor@demo.ciffc.local', password: 'Wildfire-editor-1' };
