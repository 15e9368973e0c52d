import type { Core } from '@strapi/strapi';

/** The site's own origin (scheme, host, port) from PUBLIC_URL; the gateway's default when unset. */
const siteOrigin = (publicUrl: string): string => {
  try {
    return new URL(publicUrl).origin;
  } catch {
    return 'http://localhost:8080';
  }
};

// No `strapi::poweredBy`: X-Powered-By tells an attacker which software to aim at.
// No `strapi::logger`: it logs the query string (reset codes) without a request id; src/request-log.ts
// logs each request instead, mounted in register() before every other middleware.
// CORS: only the site's own origin may call with credentials; Strapi's default reflects any origin.
// global::no-empty-cors (src/middlewares/no-empty-cors.ts) drops the empty CORS headers strapi::cors sends
// to a request without an Origin, outside every other middleware.
const config = ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Middlewares => [
  'global::no-empty-cors',
  'strapi::errors',
  'strapi::security',
  {
    name: 'strapi::cors',
    config: { origin: [siteOrigin(env('PUBLIC_URL', ''))], credentials: true },
  },
  'strapi::query',
  'strapi::body',
  'strapi::session',
  'strapi::favicon',
  'strapi::public',
];

export default config;
