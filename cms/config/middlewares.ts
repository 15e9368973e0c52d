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
// CORS: only the site's own origin may call with credentials; Strapi's default reflects any origin.
const config = ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Middlewares => [
  'strapi::logger',
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
