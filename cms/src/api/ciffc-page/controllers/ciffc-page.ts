import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::ciffc-page.ciffc-page');
