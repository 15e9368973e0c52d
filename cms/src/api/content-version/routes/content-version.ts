/**
 * The one public route of the version log: its latest version number, which the gateway polls
 * (and the site, through the gateway) so that content caches follow every save at once. The log's
 * entries themselves stay out of /api (read in the admin panel only).
 */
export default {
  routes: [
    {
      method: 'GET',
      path: '/content-version',
      handler: 'api::content-version.content-version.latest',
      // A number that only says "something changed": public, like the content it keys.
      config: { auth: false, policies: [] },
    },
  ],
};
