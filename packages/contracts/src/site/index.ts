/**
 * What the site shares with the data API, the gateway and deploy, besides the contracts' rules: the
 * map's legend and the words of the served pages. The route list (`@ciffc/contracts/site-routes`)
 * and the base map (`@ciffc/contracts/canada.topo.json`) are their own entries: plain files that
 * `node` and Vite read as they are.
 */
export * from './map-legend.ts';
export * from './served-messages.ts';
