import type { Core } from '@strapi/strapi';

/**
 * A request without an Origin header (a page, /admin/ opened in the browser, curl) is no CORS
 * request, yet strapi::cors answers it `Access-Control-Allow-Origin:` (empty) with
 * `Access-Control-Allow-Credentials: true` (its wildcard becomes the missing origin): both are
 * dropped here, outside every other middleware, errors included (config/middlewares.ts).
 */
export default (): Core.MiddlewareHandler => async (ctx, next) => {
  try {
    await next();
  } finally {
    if (!ctx.response.get('Access-Control-Allow-Origin')) {
      ctx.remove('Access-Control-Allow-Origin');
      ctx.remove('Access-Control-Allow-Credentials');
      ctx.remove('Access-Control-Expose-Headers');
    }
  }
};
