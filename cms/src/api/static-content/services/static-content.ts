import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::static-content.static-content');
