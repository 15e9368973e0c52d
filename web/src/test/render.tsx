import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers } from '../app/Providers.tsx';
import { routes } from '../app/router.tsx';
import { createQueryClient } from '../shared/api/query-client.ts';
import { reloadSession, SESSION_KEY, type User } from '../shared/auth/session.ts';
import type { Locale } from '../shared/i18n/locale.ts';

export const agencyUser = (code = 'ab'): User => ({
  id: 1,
  username: code,
  agency_code: code,
  preferredLocale: 'en',
  role: { name: 'Authenticated' },
});
export const ciffcUser: User = { id: 99, username: 'ciffc', agency_code: null, role: { name: 'CIFFC' } };

/** Stores a session as a previous visit would have. */
function signInAs(user: User | null) {
  if (user) {
    localStorage.setItem(
      SESSION_KEY,
      JSON.stringify({ jwt: 'test-jwt', user, expiresAt: Date.now() + 3_600_000 }),
    );
  } else {
    localStorage.removeItem(SESSION_KEY);
  }
  reloadSession();
}

/** Renders the whole app (real routes) at a path. */
export function renderApp(path: string, options: { locale?: Locale; user?: User | null } = {}) {
  signInAs(options.user ?? null);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient({ retry: false });
  const utils = render(
    <Providers queryClient={queryClient} initialLocale={options.locale ?? 'en'}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...utils, router, queryClient };
}

/** Renders a component inside the providers and a one-route memory router. */
export function renderWithProviders(
  ui: ReactNode,
  options: { path?: string; route?: string; locale?: Locale } = {},
) {
  const router = createMemoryRouter(
    [
      { path: options.route ?? '*', element: ui },
      { path: '/404', element: <p>404</p> },
      { path: '/agency', element: <p>agency screen</p> },
      { path: '/login', element: <p>login screen</p> },
    ],
    { initialEntries: [options.path ?? '/'] },
  );
  const queryClient = createQueryClient({ retry: false });
  const utils = render(
    <Providers queryClient={queryClient} initialLocale={options.locale ?? 'en'}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...utils, router, queryClient };
}
