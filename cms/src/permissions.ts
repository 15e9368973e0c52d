import type { Core } from '@strapi/strapi';

const ROLE_UID = 'plugin::users-permissions.role';
const PERMISSION_UID = 'plugin::users-permissions.permission';

const read = (name: string): string[] => [`api::${name}.${name}.find`, `api::${name}.${name}.findOne`];

// Sign-in, one's own profile and password: what every signed-in role needs from users-permissions.
const SIGNED_IN = [
  'plugin::users-permissions.user.me',
  'plugin::users-permissions.auth.changePassword',
  'plugin::users-permissions.auth.logout',
  'plugin::users-permissions.user.updateMyLocale',
];

/** The access model of docs/spec/public-site.md section 6, granted on every start. */
export const ROLE_GRANTS: Record<'public' | 'authenticated' | 'ciffc', string[]> = {
  public: [...read('static-content'), ...read('page'), 'plugin::users-permissions.auth.callback'],
  authenticated: [...read('static-content'), ...read('page'), ...read('agency-page'), ...SIGNED_IN],
  ciffc: [
    ...read('static-content'),
    ...read('page'),
    ...read('agency-page'),
    ...read('ciffc-page'),
    ...SIGNED_IN,
  ],
};

// Taken away on every start, whatever an editor did in the admin panel: they would break the access
// model (agency users reading CIFFC pages, anyone listing users or roles, a user changing their own
// role or agency_code through PUT /api/users/:id, self-registration).
const USERS_PERMISSIONS_DENIED = [
  'plugin::users-permissions.user.find',
  'plugin::users-permissions.user.findOne',
  'plugin::users-permissions.user.count',
  'plugin::users-permissions.user.create',
  'plugin::users-permissions.user.update',
  'plugin::users-permissions.user.destroy',
  'plugin::users-permissions.role.find',
  'plugin::users-permissions.role.findOne',
  'plugin::users-permissions.role.createRole',
  'plugin::users-permissions.role.updateRole',
  'plugin::users-permissions.role.deleteRole',
  'plugin::users-permissions.permissions.getPermissions',
  'plugin::users-permissions.auth.register',
  // The version log has no /api route; should one ever appear, it stays closed to every role.
  ...read('content-version'),
];
// Password reset and e-mail confirmation need a mail provider: without one, Strapi's default tries
// direct SMTP and answers 500 for a known address, 200 for an unknown one. OAuth sign-in
// (connect) is never used by the site.
export const MAIL_ACTIONS = [
  'plugin::users-permissions.auth.forgotPassword',
  'plugin::users-permissions.auth.resetPassword',
  'plugin::users-permissions.auth.emailConfirmation',
  'plugin::users-permissions.auth.sendEmailConfirmation',
];
const NEVER_PUBLIC = ['plugin::users-permissions.auth.connect'];

/** A mail provider other than Strapi's direct-SMTP default (config/plugins.ts, `email`). */
export const mailConfigured = (strapi: Core.Strapi): boolean => {
  const provider = (strapi.config.get('plugin::email') as { provider?: string } | undefined)?.provider;
  return Boolean(provider) && provider !== 'sendmail';
};

export const ROLE_DENIALS: Record<'public' | 'authenticated' | 'ciffc', string[]> = {
  public: [...USERS_PERMISSIONS_DENIED, ...NEVER_PUBLIC, ...read('agency-page'), ...read('ciffc-page')],
  authenticated: [...USERS_PERMISSIONS_DENIED, ...read('ciffc-page')],
  ciffc: USERS_PERMISSIONS_DENIED,
};

type RoleRow = { id: number; name: string; type: string };
type PermissionRow = { id: number; action: string };

const ensureRole = async (strapi: Core.Strapi, type: string, name: string, description: string) => {
  const roles = strapi.db.query(ROLE_UID);
  const existing = (await roles.findOne({ where: { type } })) as RoleRow | null;
  if (existing) return existing;
  strapi.log.info(`[ciffc] creating role ${name} (type ${type})`);
  return (await roles.create({ data: { type, name, description } })) as RoleRow;
};

const applyGrants = async (strapi: Core.Strapi, role: RoleRow, grants: string[], denials: string[]) => {
  const permissions = strapi.db.query(PERMISSION_UID);
  const current = (await permissions.findMany({ where: { role: role.id } })) as PermissionRow[];
  const have = new Set(current.map((p) => p.action));
  for (const action of grants) {
    if (have.has(action)) continue;
    await permissions.create({ data: { action, role: role.id } });
  }
  const removed = current.filter((p) => denials.includes(p.action));
  if (removed.length > 0) {
    await permissions.deleteMany({ where: { id: { $in: removed.map((p) => p.id) } } });
    strapi.log.warn(`[ciffc] role ${role.name}: removed ${removed.map((p) => p.action).join(', ')}`);
  }
};

/** Roles Public, Authenticated (default for new users) and CIFFC with their permissions; idempotent. */
export const ensureRolesAndPermissions = async (strapi: Core.Strapi) => {
  const publicRole = await ensureRole(
    strapi,
    'public',
    'Public',
    'Default role given to unauthenticated user.',
  );
  const authenticated = await ensureRole(
    strapi,
    'authenticated',
    'Authenticated',
    'Agency staff (one user per agency, agency_code set).',
  );
  const ciffc = await ensureRole(
    strapi,
    'ciffc',
    'CIFFC',
    'National centre staff: review, publish, reports.',
  );

  const mail = mailConfigured(strapi);
  await applyGrants(
    strapi,
    publicRole,
    mail ? [...ROLE_GRANTS.public, ...MAIL_ACTIONS] : ROLE_GRANTS.public,
    mail ? ROLE_DENIALS.public : [...ROLE_DENIALS.public, ...MAIL_ACTIONS],
  );
  await applyGrants(strapi, authenticated, ROLE_GRANTS.authenticated, ROLE_DENIALS.authenticated);
  await applyGrants(strapi, ciffc, ROLE_GRANTS.ciffc, ROLE_DENIALS.ciffc);

  // Accounts are made by CIFFC in the admin panel; nobody signs themselves up.
  const advanced = strapi.store({ type: 'plugin', name: 'users-permissions', key: 'advanced' });
  const settings = ((await advanced.get()) ?? {}) as Record<string, unknown>;
  if (settings.allow_register !== false || settings.default_role !== 'authenticated') {
    await advanced.set({ value: { ...settings, allow_register: false, default_role: 'authenticated' } });
  }

  return { publicRole, authenticated, ciffc };
};
