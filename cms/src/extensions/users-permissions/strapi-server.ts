import type { Core } from '@strapi/strapi';

type Ctx = {
  state: { user?: { id: number; role?: RoleRow | null } };
  body: unknown;
};
type RoleRow = { id: number; documentId?: string; name: string; description?: string; type: string };
type Action = (ctx: Ctx) => Promise<void>;
type UsersPermissionsPlugin = Core.Plugin & { controllers: { user: Record<string, Action> } };

/**
 * GET /api/users/me answers the signed-in user with `role: { id, documentId, name, description, type }`.
 *
 * Strapi's own `me` drops the role unless the caller's role may `find`/`findOne` roles, and granting
 * that would let every signed-in user list all roles and their permissions. The site and the data API
 * need the caller's own role only, so it is added here after Strapi's usual sanitising of the user.
 */
export default (plugin: UsersPermissionsPlugin) => {
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
