import { PASSWORD_MIN_LENGTH } from '@ciffc/contracts/commonjs/password-rule';
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { AccountLockout } from './account-lockout';
import { endTokens, type JwtService, jwtWithSessionRules } from './sessions';

type Ctx = {
  state: { user?: { id: number; role?: RoleRow | null } };
  body: unknown;
  status: number;
  params?: { provider?: string };
  request: { body?: unknown };
  set: (name: string, value: string) => void;
  send: (body: unknown) => void;
};
type RoleRow = { id: number; documentId?: string; name: string; description?: string; type: string };
type Action = (ctx: Ctx, next?: unknown) => Promise<unknown>;
type Controller = Record<string, Action>;
type ControllerFactory = (deps: { strapi: Core.Strapi }) => Controller;
type Route = { method: string; path: string; handler: string; config: { prefix: string } };
type UsersPermissionsPlugin = Core.Plugin & {
  controllers: { user: Controller; auth: ControllerFactory | Controller };
  routes: { 'content-api': { routes: Route[] } };
  services: { jwt: ((deps: { strapi: unknown }) => JwtService) | JwtService };
  contentTypes: { user?: { schema: { attributes: { password?: { minLength?: number } } } } };
};

const MINUTE = 60_000;
export const lockout = new AccountLockout(() => strapi.db.connection, {
  maxFailures: Math.max(1, Number.parseInt(process.env.ACCOUNT_LOCKOUT_MAX ?? '', 10) || 10),
  windowMs: 15 * MINUTE,
  lockMs: 15 * MINUTE,
});

const WRONG_CREDENTIALS = 'Invalid identifier or password';

const identifierOf = (ctx: Ctx): string | undefined => {
  const body = ctx.request.body as { identifier?: unknown } | undefined;
  if ((ctx.params?.provider ?? 'local') !== 'local') return undefined;
  return typeof body?.identifier === 'string' && body.identifier !== '' ? body.identifier : undefined;
};

/** POST /api/auth/local: refused with 429 while the account is locked; failures counted per account. */
const withLockout =
  (callback: Action): Action =>
  async (ctx, next) => {
    const identifier = identifierOf(ctx);
    if (identifier === undefined) return callback(ctx, next);
    const wait = await lockout.retryAfter(identifier);
    if (wait > 0) {
      ctx.set('Retry-After', String(wait));
      // The code and minutes let the site word it in the reader's language (the catalogue of @ciffc/contracts, messages/http.ts).
      throw new errors.RateLimitError('Too many failed sign-ins for this account, please try again later.', {
        code: 'auth.account_locked',
        params: { minutes: Math.ceil(wait / 60) },
      });
    }
    try {
      const result = await callback(ctx, next);
      await lockout.succeeded(identifier);
      return result;
    } catch (error) {
      if (error instanceof errors.ValidationError && error.message === WRONG_CREDENTIALS)
        await lockout.failed(identifier);
      throw error;
    }
  };

/**
 * With a mail provider, forgot-password and send-email-confirmation answer the same for every
 * address (known, unknown, blocked, already confirmed, mail failure), so they cannot tell which
 * addresses have accounts. The failure is logged for the operator.
 */
const answeringAlike =
  (action: Action, name: string, answer: (ctx: Ctx) => unknown): Action =>
  async (ctx, next) => {
    try {
      await action(ctx, next);
    } catch (error) {
      // A malformed body is refused alike for every address; anything else would tell them apart.
      if (error instanceof errors.YupValidationError) throw error;
      strapi.log.warn(`[ciffc] ${name}: ${(error as Error).message}`);
    }
    ctx.status = 200;
    ctx.body = answer(ctx);
  };

/** POST /api/auth/logout: a real sign-out, every token of the user ends (sessions.ts). */
const signOut: Action = async (ctx) => {
  const user = ctx.state.user;
  if (!user) throw new errors.UnauthorizedError('Missing authentication');
  await endTokens(user.id);
  ctx.send({ ok: true });
};

const LOCALES = ['en', 'fr'];

/**
 * PUT /api/users/me/preferred-locale `{ preferredLocale: 'en' | 'fr' }`: the language a signed-in user
 * chose in the header becomes the one the next sign-in applies (docs/spec/public-site.md). Only this
 * field of one's own account: PUT /api/users/:id stays closed (permissions.ts).
 */
const updateMyLocale: Action = async (ctx) => {
  const user = ctx.state.user;
  if (!user) throw new errors.UnauthorizedError('Missing authentication');
  const value = (ctx.request.body as { preferredLocale?: unknown } | undefined)?.preferredLocale;
  if (typeof value !== 'string' || !LOCALES.includes(value))
    throw new errors.ValidationError('preferredLocale must be "en" or "fr"', {
      errors: [{ path: ['preferredLocale'], message: 'must be "en" or "fr"', name: 'ValidationError' }],
    });
  await strapi.db
    .query('plugin::users-permissions.user')
    .update({ where: { id: user.id }, data: { preferredLocale: value } });
  ctx.send({ preferredLocale: value });
};

const hardenAuth = (auth: Controller): Controller => {
  const { callback, forgotPassword, sendEmailConfirmation } = auth;
  if (!callback || !forgotPassword || !sendEmailConfirmation)
    throw new Error('users-permissions: auth controller changed (Strapi version changed?)');
  const email = (ctx: Ctx) => (ctx.request.body as { email?: unknown } | undefined)?.email;
  return {
    ...auth,
    callback: withLockout(callback),
    logout: signOut,
    forgotPassword: answeringAlike(forgotPassword, 'forgot-password', () => ({ ok: true })),
    sendEmailConfirmation: answeringAlike(sendEmailConfirmation, 'send-email-confirmation', (ctx) => ({
      email: email(ctx),
      sent: true,
    })),
  };
};

/**
 * Sign-in with a per-account lock, reset endpoints that answer alike (above), and:
 *
 * GET /api/users/me answers the signed-in user with `role: { id, documentId, name, description, type }`.
 *
 * Strapi's own `me` drops the role unless the caller's role may `find`/`findOne` roles, and granting
 * that would let every signed-in user list all roles and their permissions. The site and the data API
 * need the caller's own role only, so it is added here after Strapi's usual sanitising of the user.
 */
export default (plugin: UsersPermissionsPlugin) => {
  // The site's rule (password-policy.ts); Strapi's validator checks the schema's minLength on every
  // create and update, including change and reset.
  const password = plugin.contentTypes.user?.schema.attributes.password;
  if (!password) throw new Error('users-permissions: user.password not found (Strapi version changed?)');
  password.minLength = PASSWORD_MIN_LENGTH;

  plugin.services.jwt = jwtWithSessionRules(plugin.services.jwt);

  const auth = plugin.controllers.auth;
  plugin.controllers.auth =
    typeof auth === 'function' ? (deps) => hardenAuth(auth(deps)) : hardenAuth(auth as Controller);

  plugin.controllers.user.updateMyLocale = updateMyLocale;
  plugin.routes['content-api'].routes.push({
    method: 'PUT',
    path: '/users/me/preferred-locale',
    handler: 'user.updateMyLocale',
    config: { prefix: '' },
  });

  const me = plugin.controllers.user.me;
  if (!me) throw new Error('users-permissions: controller user.me not found (Strapi version changed?)');

  plugin.controllers.user.me = async (ctx: Ctx) => {
    await me(ctx);
    const authUser = ctx.state.user;
    if (!authUser || !ctx.body || typeof ctx.body !== 'object') return;
    const role =
      authUser.role ??
      ((
        await strapi.db
          .query('plugin::users-permissions.user')
          .findOne({ where: { id: authUser.id }, populate: { role: true } })
      )?.role as RoleRow | null | undefined);
    ctx.body = {
      ...(ctx.body as Record<string, unknown>),
      role: role
        ? {
            id: role.id,
            documentId: role.documentId,
            name: role.name,
            description: role.description,
            type: role.type,
          }
        : null,
    };
  };

  return plugin;
};
