/**
 * The content system's own doors (docs/decisions.md, "Closing the doors"), set up in `register()`:
 * Koa middlewares mounted before any of Strapi's (they must see the request before anything reads
 * the client address), and the admin registration route's own refusal in production.
 */

import { envFlag, type FlagEnv, isProduction } from '@ciffc/contracts/commonjs/env-flags';
import type { Core } from '@strapi/strapi';

type KoaContext = {
  method: string;
  path: string;
  status: number;
  body: unknown;
  req: { socket: { remoteAddress?: string }; headers: Record<string, string | string[] | undefined> };
};
type Next = () => Promise<unknown>;

const LOOPBACK = ['127.0.0.1', '::1', '::ffff:127.0.0.1'];
// Headers Koa believes with `proxy: true`: who the client is, and whether it came over HTTPS.
const FORWARDED_HEADERS = ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'x-real-ip'];

/** The addresses whose X-Forwarded-* headers are believed: CMS_TRUSTED_PROXIES, else loopback. */
export const trustedProxies = (env: FlagEnv): Set<string> => {
  const listed = (env.CMS_TRUSTED_PROXIES ?? '')
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean);
  return new Set(listed.length > 0 ? listed : LOOPBACK);
};

/**
 * A client talking to the content system directly cannot choose the address the login limit
 * counts: its X-Forwarded-* headers are dropped unless it is a trusted proxy (the gateway, nginx).
 * The proxy itself overwrites X-Forwarded-For, and `maxIpsCount: 1` (config/server.ts) reads only
 * the entry the proxy wrote.
 */
export const onlyProxiesForward = (trusted: Set<string>) => async (ctx: KoaContext, next: Next) => {
  if (!trusted.has(ctx.req.socket.remoteAddress ?? '')) {
    for (const header of FORWARDED_HEADERS) delete ctx.req.headers[header];
  }
  return next();
};

/**
 * Whether anyone may become the first super admin through `POST /admin/register-admin`:
 * CIFFC_ADMIN_REGISTRATION when set, else only outside production. Production creates the first
 * admin from the command line instead (`npm run --prefix cms admin:create`, cms/README.md).
 */
export const adminRegistrationOpen = (env: FlagEnv): boolean =>
  envFlag(env, 'CIFFC_ADMIN_REGISTRATION', !isProduction(env));

export const refuseAdminRegistration = async (ctx: KoaContext) => {
  ctx.status = 403;
  ctx.body = {
    data: null,
    error: {
      status: 403,
      name: 'ForbiddenError',
      message:
        'Admin registration is closed: create the first admin with `npm run --prefix cms admin:create`.',
      details: {},
    },
  };
};

const REGISTER_ADMIN_HANDLER = 'authentication.registerAdmin';
type AdminRoute = { handler?: unknown; config?: { middlewares?: unknown[] } & Record<string, unknown> };
type AdminRouter = { routes?: AdminRoute[] };

/**
 * Closes the registration where routing decides, not by comparing paths: the router matches
 * `/admin/Register-Admin`, escapes and extra slashes to the same route, so the refusal is that
 * route's first middleware (before Strapi's rate limit), whatever spelling reached it. Runs in
 * `register()`, before the routes are mounted at bootstrap.
 */
export const closeAdminRegistration = (strapi: Core.Strapi): void => {
  const routers = Object.values((strapi.admin?.routes ?? {}) as Record<string, AdminRouter>);
  const routes = routers.flatMap((router) => router.routes ?? []);
  const registration = routes.filter((route) => route.handler === REGISTER_ADMIN_HANDLER);
  if (registration.length === 0)
    throw new Error(`admin route ${REGISTER_ADMIN_HANDLER} not found (Strapi version changed?)`);
  for (const route of registration) {
    route.config = {
      ...route.config,
      middlewares: [refuseAdminRegistration, ...(route.config?.middlewares ?? [])],
    };
  }
};

type StrapiErrorBody = { error?: { status?: number; details?: Record<string, unknown> } };

/**
 * Strapi's per-address login limit answers 429 with an English text only: it gets the code the site
 * words in the reader's language (the catalogue of @ciffc/contracts, `auth.rate_limited`). The per-account lock
 * sets its own code (`auth.account_locked`), which is kept.
 */
export const codeRateLimits = async (ctx: KoaContext, next: Next) => {
  await next();
  const error = (ctx.body as StrapiErrorBody | undefined)?.error;
  if (ctx.status !== 429 || !error || typeof error !== 'object') return;
  const details = error.details ?? {};
  if (typeof details.code !== 'string') error.details = { ...details, code: 'auth.rate_limited' };
};

export const mountSecurity = (strapi: Core.Strapi, env: FlagEnv = process.env): void => {
  strapi.server.use(onlyProxiesForward(trustedProxies(env)));
  strapi.server.use(codeRateLimits);
  if (!adminRegistrationOpen(env)) closeAdminRegistration(strapi);
};
