import { ISSUED_MS_CLAIM, tokenRefusal } from '@ciffc/contracts/commonjs/token-rule';

/**
 * Tokens that can be ended. A token stays a signed `{ id }` of 12 hours, with its issue
 * time to the millisecond; the user's `tokensValidAfter` (private) ends every token issued before
 * it. It is set by a sign-out (POST /api/auth/logout), a password change or reset, a block, and by
 * an admin's "sign out everywhere" (the field set in the admin panel). Every token is checked by
 * the one rule of the data API (token-rule.ts), so both refuse the same tokens.
 */
export const USER_UID = 'plugin::users-permissions.user';

type Claims = Record<string, unknown> & { id?: unknown; iat?: unknown; exp?: unknown };
export type JwtService = {
  issue: (payload: Claims & { toJSON?: () => Claims }, options?: object) => string | Promise<string>;
  verify: (token: string) => Promise<Claims>;
  getToken: (ctx: unknown) => Promise<Claims | null> | Claims | null;
};
type JwtFactory = (deps: { strapi: unknown }) => JwtService;

const validAfterMs = async (id: unknown): Promise<number | null> => {
  if (typeof id !== 'number') return null;
  const user = (await strapi.db.query(USER_UID).findOne({ where: { id }, select: ['tokensValidAfter'] })) as {
    tokensValidAfter?: string | Date | null;
  } | null;
  return user?.tokensValidAfter ? new Date(user.tokensValidAfter).getTime() : null;
};

const withSessionRules = (jwt: JwtService): JwtService => {
  const { issue, verify } = jwt;
  return Object.assign(jwt, {
    issue(payload: Claims & { toJSON?: () => Claims }, options?: object) {
      const ms = Date.now();
      const claims = payload.toJSON ? payload.toJSON() : payload;
      return issue.call(jwt, { ...claims, iat: Math.floor(ms / 1000), [ISSUED_MS_CLAIM]: ms }, options);
    },
    async verify(token: string) {
      const claims = await verify.call(jwt, token);
      const refusal = tokenRefusal(claims, Date.now(), await validAfterMs(claims.id));
      if (refusal) throw new Error(`Invalid token (${refusal}).`);
      return claims;
    },
  });
};

/** The plugin's jwt service (a factory in Strapi 5, an object before) with the rules above. */
export const jwtWithSessionRules = (service: JwtFactory | JwtService): JwtFactory | JwtService =>
  typeof service === 'function' ? (deps) => withSessionRules(service(deps)) : withSessionRules(service);

/** Ends every token of the user issued until now. */
export const endTokens = (id: number) =>
  strapi.db.query(USER_UID).update({ where: { id }, data: { tokensValidAfter: new Date() } });

/**
 * A password set or a block, whoever makes it (the user's change or reset, an admin's save in the
 * panel, a script): the update itself ends the user's earlier tokens. A token issued by the same
 * request after the update (change-password answers a new one) is not earlier, so it stays good.
 */
export function endTokensOnPasswordOrBlock(): void {
  strapi.db.lifecycles.subscribe({
    models: [USER_UID],
    beforeUpdate(event) {
      const data = (event.params as { data?: Record<string, unknown> }).data;
      if (data && (data.password !== undefined || data.blocked === true)) data.tokensValidAfter = new Date();
    },
  });
}
