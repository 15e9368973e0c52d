import { CACHE_SECONDS } from '@ciffc/contracts';
import { QueryClient } from '@tanstack/react-query';

/** Content and data API results are cached CACHE_SECONDS (docs/spec/public-site.md section 9); one retry. */
export function createQueryClient(overrides: { retry?: number | false } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: CACHE_SECONDS * 1000,
        gcTime: CACHE_SECONDS * 1000,
        retry: overrides.retry ?? 1,
        refetchOnWindowFocus: false,
      },
    },
  });
}
