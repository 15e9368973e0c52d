import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::static-content.static-content');
