import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { AGENCY_CODES } from '@ciffc/contracts/commonjs/agencies';
import { DEMO_ADMIN, DEMO_EDITOR, DEMO_PASSWORD } from '@ciffc/contracts/commonjs/demo-accounts';
import type { Core } from '@strapi/strapi';
import { AGENCY_PAGES, CIFFC_PAGES, type DemoEntry, DOCUMENTS, PAGES, STATIC_CONTENTS } from './content';
import { makePdf } from './pdf';

type Roles = { authenticated: { id: number }; ciffc: { id: number } };
type ContentUid =
  | 'api::static-content.static-content'
  | 'api::page.page'
  | 'api::agency-page.agency-page'
  | 'api::ciffc-page.ciffc-page';

/** Creates what is missing, never overwrites: an editor's changes survive a restart. */
const seedEntries = async (strapi: Core.Strapi, uid: ContentUid, entries: DemoEntry[]) => {
  const documents = strapi.documents(uid);
  let created = 0;
  for (const entry of entries) {
    let english = await documents.findFirst({ filters: { Alias: entry.Alias }, locale: 'en' });
    if (!english) {
      english = await documents.create({ locale: 'en', data: { Alias: entry.Alias, ...entry.en } });
      created += 1;
    }
    const french = await documents.findOne({ documentId: english.documentId, locale: 'fr' });
    if (!french) {
      await documents.update({
        documentId: english.documentId,
        locale: 'fr',
        data: { Alias: entry.Alias, ...entry.fr },
      });
      created += 1;
    }
  }
  if (created > 0) strapi.log.info(`[ciffc] demo: ${uid} ${created} entries created`);
};

const seedUsers = async (strapi: Core.Strapi, roles: Roles) => {
  const users = [
    // One demo user per reporting agency of the contracts, named by its code.
    ...AGENCY_CODES.map((code) => ({
      username: code,
      agency_code: code,
      preferredLocale: code === 'qc' ? 'fr' : 'en',
      role: roles.authenticated.id,
    })),
    { username: 'ciffc', agency_code: null, preferredLocale: 'en', role: roles.ciffc.id },
  ];
  let created = 0;
  for (const user of users) {
    const existing = await strapi.db
      .query('plugin::users-permissions.user')
      .findOne({ where: { username: user.username } });
    if (existing) continue;
    await strapi.documents('plugin::users-permissions.user').create({
      data: {
        ...user,
        email: `${user.username}@demo.ciffc.local`,
        password: DEMO_PASSWORD,
        provider: 'local',
        confirmed: true,
        blocked: false,
      } as never,
    });
    created += 1;
  }
  if (created > 0) strapi.log.info(`[ciffc] demo: ${created} users created (password ${DEMO_PASSWORD})`);
};

type UploadService = {
  formatFileInfo: (
    file: { filename: string; type: string; size: number },
    info?: Record<string, unknown>,
    metas?: Record<string, unknown>,
  ) => Promise<Record<string, unknown>>;
};
type ProviderService = { upload: (file: Record<string, unknown>) => Promise<void> };

/** The four reference PDFs, at /uploads/<file>.pdf: the hash is set to the file name, so the URL is stable. */
const seedDocuments = async (strapi: Core.Strapi) => {
  const upload = strapi.plugin('upload').service('upload') as unknown as UploadService;
  const provider = strapi.plugin('upload').service('provider') as unknown as ProviderService;
  const providerName = strapi.config.get<string>('plugin::upload.provider', 'local');
  const uploadsDir = path.join(strapi.dirs.static.public, 'uploads');
  for (const doc of DOCUMENTS) {
    const buffer = makePdf(doc.title, doc.lines);
    const existing = await strapi.db.query('plugin::upload.file').findOne({ where: { hash: doc.file } });
    const onDisk = path.join(uploadsDir, `${doc.file}.pdf`);
    if (existing) {
      // Another database may have been reset while public/uploads was kept, or the other way round.
      if (!existsSync(onDisk)) writeFileSync(onDisk, buffer);
      continue;
    }
    const info = await upload.formatFileInfo(
      { filename: `${doc.file}.pdf`, type: 'application/pdf', size: buffer.length },
      { alternativeText: doc.title, caption: doc.title },
    );
    // What the upload service's own (internal) uploadFileAndPersist does, with the hash chosen here:
    // the provider writes public/uploads/<hash><ext> and sets `url`, then the media library row.
    const fileData: Record<string, unknown> = {
      ...info,
      hash: doc.file,
      getStream: () => Readable.from(buffer),
    };
    await provider.upload(fileData);
    const { getStream: _stream, ...row } = fileData;
    await strapi.db.query('plugin::upload.file').create({ data: { ...row, provider: providerName } });
    strapi.log.info(`[ciffc] demo: uploaded ${String(fileData.url)}`);
  }
};

type AdminUserService = {
  exists: (where: { email: string }) => Promise<boolean>;
  create: (attributes: Record<string, unknown>) => Promise<unknown>;
};
type AdminRoleService = {
  getSuperAdmin: () => Promise<{ id: number } | null>;
  findOne: (where: { code: string }) => Promise<{ id: number } | null>;
};

const seedAdmin = async (strapi: Core.Strapi) => {
  const users = strapi.service('admin::user') as unknown as AdminUserService;
  if (await users.exists({ email: DEMO_ADMIN.email })) return;
  const superAdmin = await (strapi.service('admin::role') as unknown as AdminRoleService).getSuperAdmin();
  if (!superAdmin) throw new Error('admin: the Super Admin role does not exist yet');
  await users.create({
    email: DEMO_ADMIN.email,
    firstname: 'CIFFC',
    lastname: 'Admin',
    password: DEMO_ADMIN.password,
    isActive: true,
    registrationToken: null,
    roles: [superAdmin.id],
  });
  strapi.log.info(`[ciffc] demo: admin panel user ${DEMO_ADMIN.email} created`);
};

const seedEditor = async (strapi: Core.Strapi) => {
  const users = strapi.service('admin::user') as unknown as AdminUserService;
  if (await users.exists({ email: DEMO_EDITOR.email })) return;
  const editor = await (strapi.service('admin::role') as unknown as AdminRoleService).findOne({
    code: 'strapi-editor',
  });
  if (!editor) throw new Error('admin: the Editor role does not exist yet');
  await users.create({
    email: DEMO_EDITOR.email,
    firstname: 'CIFFC',
    lastname: 'Editor',
    password: DEMO_EDITOR.password,
    isActive: true,
    registrationToken: null,
    roles: [editor.id],
  });
  strapi.log.info(`[ciffc] demo: admin panel editor ${DEMO_EDITOR.email} created`);
};

export const seedDemo = async (strapi: Core.Strapi, roles: Roles) => {
  await seedEntries(strapi, 'api::static-content.static-content', STATIC_CONTENTS);
  await seedEntries(strapi, 'api::page.page', PAGES);
  await seedEntries(strapi, 'api::agency-page.agency-page', AGENCY_PAGES);
  await seedEntries(strapi, 'api::ciffc-page.ciffc-page', CIFFC_PAGES);
  await seedUsers(strapi, roles);
  await seedDocuments(strapi);
  await seedAdmin(strapi);
  await seedEditor(strapi);
};
