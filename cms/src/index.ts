import type { Core } from '@strapi/strapi';
import { registerContentHistory } from './content-history';
import { ensureRolesAndPermissions } from './permissions';
import { assertSecrets } from './secrets';
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
    registerContentHistory(strapi);
  },

  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    await ensureLocales(strapi);
    const roles = await ensureRolesAndPermissions(strapi);
    if (process.env.CIFFC_DEMO === '1') await seedDemo(strapi, roles);
  },
};
