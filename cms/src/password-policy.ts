/**
 * The site's password rule (packages/contracts/src/password-rule.ts) where the content system sets
 * passwords: the site's users (users-permissions, through the user schema's `minLength`, set in
 * extensions/users-permissions/strapi-server.ts) and the admin panel's users (below).
 */
import { PASSWORD_MIN_LENGTH, passwordTooShort } from '@ciffc/contracts/commonjs/password-rule';
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';

const refusal = () => {
  const message = `password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  return new errors.ValidationError(message, {
    errors: [{ path: ['password'], message, name: 'ValidationError' }],
  });
};

type AdminAuthService = { hashPassword: (password: string) => Promise<string> } & Record<string, unknown>;

type AdminContext = { request: { body?: unknown } };
type Controller = Record<string, (ctx: AdminContext) => Promise<unknown>>;

/**
 * Admin panel users keep Strapi's own 8-character rule unless told otherwise. Every way an admin
 * password is set (first admin, `admin:create-user`, user create and update, invitation, reset by
 * token or by `admin:reset-user-password`) hashes it with the admin auth service's `hashPassword`,
 * so the rule is checked there, once, before anything is written.
 */
export const enforceAdminPasswordPolicy = (strapi: Core.Strapi): void => {
  // Strapi ends the admin's sessions before it saves a new password of their own: refuse a short
  // one before that, so a refused change does not sign the admin out.
  strapi.get('controllers').extend('admin::authenticated-user', (controller: Controller) => {
    const { updateMe } = controller;
    if (typeof updateMe !== 'function')
      throw new Error('admin::authenticated-user.updateMe not found (Strapi version changed?)');
    return {
      ...controller,
      updateMe: async (ctx: AdminContext) => {
        if (passwordTooShort((ctx.request.body as { password?: unknown } | undefined)?.password))
          throw refusal();
        return updateMe(ctx);
      },
    };
  });

  strapi.get('services').extend('admin::auth', (service: AdminAuthService) => {
    const { hashPassword } = service;
    if (typeof hashPassword !== 'function')
      throw new Error('admin::auth.hashPassword not found (Strapi version changed?)');
    return {
      ...service,
      hashPassword: async (password: string) => {
        if (passwordTooShort(password)) throw refusal();
        return hashPassword(password);
      },
    };
  });
};
