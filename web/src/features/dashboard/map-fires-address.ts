/**
 * The map's fires, as the dashboard asks for them; the built shell hints the same address so the
 * download starts with the first bundles (vite.config.ts, `mapPreloads`). One string for both,
 * because a hint that differs by a character is a second download.
 */
export const MAP_FIRES_ADDRESS = '/v1/dashboard/fires?map=true';
