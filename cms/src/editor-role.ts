/**
 * The centre's editors work with Strapi's Editor admin role, not as super admins. The
 * role Strapi creates on first start is made before the French locale exists, so its editors could
 * not translate; and it may write the content version log. On every start the role gets exactly:
 * create, read, update and delete of the four content types in every locale; read of the version
 * log (writable by no one, src/content-history.ts); the media library (upload, edit, download).
 */
import type { Core } from '@strapi/strapi';
import { TRACKED_UIDS, VERSION_UID } from './content-history';

export const EDITOR_ROLE_CODE = 'strapi-editor';

const EXPLORER = 'plugin::content-manager.explorer';
const CONTENT_ACTIONS = ['create', 'read', 'update', 'delete', 'publish'].map((a) => `${EXPLORER}.${a}`);
const UPLOAD_ACTIONS = [
  'plugin::upload.read',
  'plugin::upload.configure-view',
  'plugin::upload.assets.create',
  'plugin::upload.assets.update',
  'plugin::upload.assets.download',
  'plugin::upload.assets.copy-link',
];

type Permission = {
  action: string;
  subject?: string | null;
  properties?: Record<string, unknown>;
  conditions?: string[];
};
type Action = { actionId: string; section: string; subjects?: string[] };
type PermissionService = { actionProvider: { values: () => Action[] } };
type ContentTypeService = {
  getPermissionsWithNestedFields: (actions: Action[], options?: object) => Permission[];
};
type RoleService = {
  findOne: (where: { code: string }) => Promise<{ id: number } | null>;
  assignPermissions: (roleId: number, permissions: Permission[]) => Promise<unknown>;
};

/** The content-type permissions: the four types with every locale, the version log read-only. */
const contentPermissions = (strapi: Core.Strapi, locales: string[]): Permission[] => {
  const permission = strapi.service('admin::permission') as unknown as PermissionService;
  const actions = permission.actionProvider
    .values()
    .filter((action) => action.section === 'contentTypes' && CONTENT_ACTIONS.includes(action.actionId));
  const contentTypes = strapi.service('admin::content-type') as unknown as ContentTypeService;
  const tracked = new Set<string>(TRACKED_UIDS);
  return contentTypes.getPermissionsWithNestedFields(actions).flatMap((p) => {
    if (p.subject && tracked.has(p.subject)) {
      return [{ ...p, properties: { ...p.properties, locales }, conditions: [] }];
    }
    if (p.subject === VERSION_UID && p.action === `${EXPLORER}.read`) return [{ ...p, conditions: [] }];
    return [];
  });
};

/** Gives the Editor role its permissions (idempotent: Strapi only adds or removes the differences). */
export const ensureEditorRole = async (strapi: Core.Strapi) => {
  const roles = strapi.service('admin::role') as unknown as RoleService;
  const editor = await roles.findOne({ code: EDITOR_ROLE_CODE });
  if (!editor) {
    strapi.log.warn('[ciffc] the Editor admin role does not exist: editors cannot be given their rights');
    return;
  }
  const localeRows = (await strapi.plugin('i18n').service('locales').find()) as Array<{ code: string }>;
  const locales = localeRows.map((locale) => locale.code);
  const permissions = [
    ...contentPermissions(strapi, locales),
    ...UPLOAD_ACTIONS.map((action) => ({ action, subject: null, properties: {}, conditions: [] })),
  ];
  await roles.assignPermissions(editor.id, permissions);
};
