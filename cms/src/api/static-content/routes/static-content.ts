import { factories } from '@strapi/strapi';

// Only reads are ever granted (src/permissions.ts); writes go through the admin panel.
export default factories.createCoreRouter('api::static-content.static-content', {
  only: ['find', 'findOne'],
});
