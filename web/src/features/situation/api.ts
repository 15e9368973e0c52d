import type { PublicNationalSitrep } from '@ciffc/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../shared/api/data-api.ts';

/** GET /v1/sitrep[?date]: with the token when signed in (the expanded sections), cached 900 s. */
export const situationQuery = (date: string | undefined, signedIn: boolean) =>
  queryOptions({
    queryKey: ['sitrep', { date: date ?? 'latest', signedIn }],
    queryFn: ({ signal }) =>
      apiGet<PublicNationalSitrep>('/v1/sitrep', { query: { date }, auth: signedIn, signal }),
    retry: false,
  });
