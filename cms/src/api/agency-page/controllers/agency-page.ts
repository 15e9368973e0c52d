import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::agency-page.agency-page');
