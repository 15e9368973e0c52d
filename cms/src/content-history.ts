/**
 * Content version history: "nothing a user saved is ever lost". Every accepted create, update,
 * delete (and publish, should draft/publish ever be switched on) of the four content types is
 * appended to `content-version`, per locale, in the same transaction as the save: a save whose
 * version cannot be written is rolled back, so the log never misses an accepted version.
 * Strapi's own Content History is an Enterprise feature; this is the small part of it we need.
 */
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';

export const VERSION_UID = 'api::content-version.content-version' as const;
export const TRACKED_UIDS = [
  'api::static-content.static-content',
  'api::page.page',
  'api::agency-page.agency-page',
  'api::ciffc-page.ciffc-page',
] as const;

type TrackedUid = (typeof TRACKED_UIDS)[number];
type VersionAction = 'create' | 'update' | 'delete' | 'publish';
type Row = { id: number; documentId: string; locale?: string | null } & Record<string, unknown>;
type Params = Record<string, unknown> & { documentId?: string; locale?: string };
type Context = { uid: string; action: string; params: Params };
type Next = () => Promise<unknown>;
type Editor = { editorId: number | null; editorName: string | null };

const tracked = new Set<string>(TRACKED_UIDS);
// Every Document Service method that writes; the three draft/publish ones exist only with it on.
const WRITES = new Set(['create', 'update', 'delete', 'clone', 'publish', 'unpublish', 'discardDraft']);
// The parameter objects of this module's own appends: the only writes the log lets through.
const ownAppends = new WeakSet<object>();

/** The signed-in admin-panel user of the current request, if the save came from one. */
const currentEditor = (strapi: Core.Strapi): Editor => {
  const state = strapi.requestContext.get()?.state as
    | { auth?: { strategy?: { name?: string } }; user?: Record<string, unknown> }
    | undefined;
  const user = state?.auth?.strategy?.name === 'admin' ? state.user : undefined;
  if (!user || typeof user.id !== 'number') return { editorId: null, editorName: null };
  const name = [user.firstname, user.lastname].filter((part) => typeof part === 'string' && part).join(' ');
  return { editorId: user.id, editorName: `${name} <${String(user.email)}>`.trim() };
};

const text = (value: unknown) => (typeof value === 'string' ? value : null);

const append = async (strapi: Core.Strapi, uid: string, action: VersionAction, row: Row) => {
  const params = {
    data: {
      contentTypeUid: uid,
      entryDocumentId: row.documentId,
      entryLocale: row.locale ?? null,
      action,
      Alias: text(row.Alias),
      Name: text(row.Name),
      Body: text(row.Body),
      entry: row,
      ...currentEditor(strapi),
      savedAt: new Date().toISOString(),
    },
  };
  ownAppends.add(params);
  await strapi.documents(VERSION_UID).create(params as never);
};

/** The stored row as it is now (every scalar field, whatever `fields` the caller selected). */
const reread = async (strapi: Core.Strapi, uid: string, id: number) =>
  (await strapi.db.query(uid as TrackedUid).findOne({ where: { id } })) as Row | null;

const entriesOf = (result: unknown): Row[] => {
  if (!result || typeof result !== 'object') return [];
  if ('entries' in result && Array.isArray(result.entries)) return result.entries as Row[];
  return 'id' in result ? [result as Row] : [];
};

/** An update of a locale the document does not have yet creates that locale (seed, admin panel). */
const localeExists = async (strapi: Core.Strapi, uid: string, params: Params) => {
  const locales = strapi.plugin('i18n').service('locales');
  const locale = params.locale ?? ((await locales.getDefaultLocale()) as string);
  const count = await strapi.db.query(uid as TrackedUid).count({
    where: { documentId: params.documentId, locale },
  });
  return count > 0;
};

const actionOf = (action: string, existed: boolean): VersionAction | null => {
  if (action === 'create' || action === 'clone') return 'create';
  if (action === 'update') return existed ? 'update' : 'create';
  if (action === 'delete') return 'delete';
  if (action === 'publish') return 'publish';
  return null; // unpublish, discardDraft: no content is saved
};

/** Runs the save, then appends the state after it (for a delete, the deleted rows as they were). */
const saveAndRecord = async (strapi: Core.Strapi, { uid, action, params }: Context, next: Next) => {
  const existed = action === 'update' ? await localeExists(strapi, uid, params) : false;
  const result = await next();
  const versionAction = actionOf(action, existed);
  if (!versionAction) return result;
  for (const entry of entriesOf(result)) {
    const row = versionAction === 'delete' ? entry : await reread(strapi, uid, entry.id);
    if (row) await append(strapi, uid, versionAction, row);
  }
  return result;
};

const refuseLogWrite = (context: Context) => {
  if (context.action === 'create' && ownAppends.has(context.params)) return;
  throw new errors.ForbiddenError(
    'Content versions are an append-only log: they cannot be created, changed or deleted by hand.',
  );
};

/**
 * The content version: the id of the newest logged version (0 before any). It grows with every
 * accepted save, in the save's transaction, and the log is append-only, so it never goes back.
 * Caches key content on it: one indexed read, cheap enough to poll every second.
 */
export const latestContentVersion = async (strapi: Core.Strapi): Promise<number> => {
  const newest = (await strapi.db
    .query(VERSION_UID)
    .findOne({ select: ['id'], orderBy: { id: 'desc' } })) as { id: number } | null;
  return newest?.id ?? 0;
};

/** Called in register(): before the plugins' own middlewares, so it wraps them and the save. */
export const registerContentHistory = (strapi: Core.Strapi) => {
  strapi.documents.use(async (ctx, next) => {
    const context = ctx as unknown as Context;
    if (!WRITES.has(context.action)) return next();
    if (context.uid === VERSION_UID) {
      refuseLogWrite(context);
      return next();
    }
    if (!tracked.has(context.uid)) return next();
    const saved = strapi.db.transaction(() => saveAndRecord(strapi, context, next as Next));
    return saved as unknown as ReturnType<typeof next>;
  });
};
