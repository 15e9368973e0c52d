import type { StrapiApp } from '@strapi/strapi/admin';

export default {
  config: {
    // The centre's editors work in English and French.
    locales: ['fr'],
    // No release-news request to github.com from the editors' browsers.
    notifications: { releases: false },
    tutorials: false,
  },
  bootstrap(_app: StrapiApp) {},
};
