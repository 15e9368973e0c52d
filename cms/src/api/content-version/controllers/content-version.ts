import type { Core } from '@strapi/strapi';
import { latestContentVersion } from '../../../content-history';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** `{ version }`: the id of the newest logged version, 0 before the first save. */
  async latest(ctx: { body: unknown; set: (name: string, value: string) => void }) {
    // Caches must not keep it: a stale version would hide a save (the 5 s rule of docs/decisions.md).
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { version: await latestContentVersion(strapi) };
  },
});
