import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::agency-page.agency-page');
