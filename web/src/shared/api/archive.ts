import type { SitrepArchive } from '@ciffc/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from './data-api.ts';

/**
 * GET /v1/sitrep/archive: public, the same for everyone, cached 900 s. Read by the archive page
 * and by the report's previous / next links (situation).
 */
export const archiveQuery = () =>
  queryOptions({
    queryKey: ['sitrep', 'archive'],
    queryFn: ({ signal }) => apiGet<SitrepArchive>('/v1/sitrep/archive', { auth: false, signal }),
  });
