import type { Core } from '@strapi/strapi';

// PUBLIC_URL is the one URL of the site (the gateway proxies /api, /uploads, /admin and the admin
// panel's API prefixes here), so absolute links Strapi builds (uploads, admin) point at the gateway.
const config = ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Server => ({
  host: env('HOST', '0.0.0.0'),
  port: env.int('PORT', 1337),
  url: env('PUBLIC_URL', ''),
  // Behind the gateway or nginx, which overwrite X-Forwarded-For with the peer address: the login
  // limit counts real clients. Only the last entry is read (maxIpsCount), and only from a trusted
  // proxy (src/security.ts drops the header from anyone else).
  proxy: { koa: env.bool('IS_PROXIED', true), maxIpsCount: 1 },
  app: { keys: env.array('APP_KEYS', []) },
  logger: { updates: { enabled: false }, startup: { enabled: false } },
});

export default config;
