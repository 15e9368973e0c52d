import { RouterProvider } from 'react-router';
import { startMapEarly } from '../features/dashboard/FiresMap.tsx';
import { createQueryClient } from '../shared/api/query-client.ts';
import { Providers } from './Providers.tsx';
import { createAppRouter } from './router.tsx';

const queryClient = createQueryClient();
startMapEarly(queryClient, window.location.pathname);
const router = createAppRouter();

/**
 * Resolves once the router holds the first page's code (a lazy route's chunk, hinted with the
 * entry by the served page). The first render waits for it: React's first commit replaces the served
 * page's opening lines (api/src/site-pages/served-page.ts) with the page itself, not with an empty
 * main for a moment before the page.
 */
export const firstPageReady: Promise<void> = router.state.initialized
  ? Promise.resolve()
  : new Promise((resolve) => {
      const stop = router.subscribe((state) => {
        if (!state.initialized) return;
        stop();
        resolve();
      });
    });

export function App() {
  return (
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  );
}
