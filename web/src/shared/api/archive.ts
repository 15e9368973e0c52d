import type { SitrepArchive } from '@ciffc/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../shared/api/dataApi.ts';

/** GET /v1/sitrep/archive: public, the same for everyone, cached 900 s. */
export const archiveQuery = () =>
  queryOptions({
    queryKey: ['sitrep', 'archive'],
    queryFn: ({ signal }) => apiGet<SitrepArchive>('/v1/sitrep/archive', { auth: false, signal }),
  });
