import { factories } from '@strapi/strapi';

// Only reads are ever granted (src/permissions.ts); writes go through the admin panel.
export default factories.createCoreRouter('api::agency-page.agency-page', { only: ['find', 'findOne'] });
