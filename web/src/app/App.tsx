import { RouterProvider } from 'react-router';
import { createQueryClient } from '../shared/api/query-client.ts';
import { Providers } from './Providers.tsx';
import { createAppRouter } from './router.tsx';

const queryClient = createQueryClient();
const router = createAppRouter();

export function App() {
  return (
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  );
}
