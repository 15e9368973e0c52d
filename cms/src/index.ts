import { envFlag } from '@ciffc/contracts/commonjs/env-flags';
import type { Core } from '@strapi/strapi';
import { registerContentHistory } from './content-history';
import { ensureEditorRole } from './editor-role';
import { endTokensOnPasswordOrBlock } from './extensions/users-permissions/sessions';
import { lockout } from './extensions/users-permissions/strapi-server';
import { applyMailSender, applyResetPasswordLink, applyResetPasswordTemplate, assertMail } from './mail';
import { enforceAdminPasswordPolicy } from './password-policy';
import { ensureRolesAndPermissions } from './permissions';
import { logRequests } from './request-log';
import { assertSecrets } from './secrets';
import { mountSecurity } from './security';
import { seedDemo } from './seed/demo';

const ensureLocales = async (strapi: Core.Strapi) => {
  const locales = strapi.plugin('i18n').service('locales');
  if (!(await locales.findByCode('en'))) await locales.create({ code: 'en', name: 'English (en)' });
  if (!(await locales.findByCode('fr'))) await locales.create({ code: 'fr', name: 'French (fr)' });
  if ((await locales.getDefaultLocale()) !== 'en') await locales.setDefaultLocale({ code: 'en' });
};

export default {
  register({ strapi }: { strapi: Core.Strapi }) {
    // Before any plugin reads a secret: one clear message instead of Strapi's own (or a generated
    // JWT_SECRET written into .env, which Strapi does in development).
    assertSecrets(process.env);
    assertMail(process.env);
    // Outermost: the request's id and duration cover every other middleware, refusals included.
    strapi.server.use(logRequests((message, meta) => strapi.log.http(message, meta)));
    // Before Strapi's own middlewares (mounted at bootstrap): forwarded headers, admin registration.
    mountSecurity(strapi);
    enforceAdminPasswordPolicy(strapi);
    registerContentHistory(strapi);
  },

  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    await lockout.ensureTable();
    endTokensOnPasswordOrBlock();
    await ensureLocales(strapi);
    await ensureEditorRole(strapi); // after the locales: editors get every language
    const roles = await ensureRolesAndPermissions(strapi);
    await applyMailSender(strapi);
    await applyResetPasswordLink(strapi);
    await applyResetPasswordTemplate(strapi);
    if (envFlag(process.env, 'CIFFC_DEMO')) await seedDemo(strapi, roles);
  },
};
