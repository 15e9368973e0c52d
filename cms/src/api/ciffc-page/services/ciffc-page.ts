import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::ciffc-page.ciffc-page');
