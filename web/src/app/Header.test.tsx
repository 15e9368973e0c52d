import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aliasesResponse, installFetch, json } from '../test/fake-fetch.ts';
import { agencyUser, renderApp } from '../test/render.tsx';

const nav = () => screen.findByRole('navigation', { name: /Main navigation|Navigation principale/ });

describe('header', () => {
  it('reads "Français" in English and "English" in French, and remembers the choice', async () => {
    installFetch({});
    renderApp('/');
    const toggle = await screen.findByRole('button', { name: 'Français' });
    expect(toggle.getAttribute('lang')).toBe('fr');
    await userEvent.click(toggle);
    expect(await screen.findByRole('button', { name: 'English' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('fr');
    expect(localStorage.getItem('ciffc.locale')).toBe('fr');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tableau de bord des feux actifs' }),
    ).toBeTruthy();
  });

  it('shows primary links only for published features, then content pages', async () => {
    installFetch({
      aliases: () => aliasesResponse(['login', 'national-fires', 'fire-statistics']),
      '/api/pages': () =>
        json({
          data: [
            {
              id: 1,
              Alias: 'about',
              Name: 'About',
              Body: 'x',
              locale: 'en',
              localizations: [{ locale: 'fr', Name: 'À propos', Body: 'y' }],
            },
          ],
        }),
    });
    renderApp('/');
    const links = within(await nav());
    await screen.findByRole('link', { name: 'About' });
    expect(links.queryByRole('link', { name: 'Situation Reports' })).toBeNull();
    expect(links.queryByRole('link', { name: 'Current Fires Summary' })).toBeNull();
    const names = links.getAllByRole('link').map((a) => a.textContent);
    expect(names).toEqual(['National Fires List', 'Wildfire Graphs', 'About', 'Login']);
    expect(links.getByRole('link', { name: 'About' }).getAttribute('href')).toBe('/page/about');
  });

  it('marks the current page link with aria-current', async () => {
    installFetch({});
    renderApp('/statistics');
    const link = within(await nav()).getByRole('link', { name: 'Wildfire Graphs' });
    await waitFor(() => expect(link.getAttribute('aria-current')).toBe('page'));
  });

  it('shows the upper-cased agency code pill linking to /agency when signed in', async () => {
    installFetch({});
    renderApp('/', { user: agencyUser('ab') });
    const pill = await screen.findByRole('link', { name: 'AB' });
    expect(pill.getAttribute('href')).toBe('/agency');
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
  });

  it("shows the centre's acronym, in the page's language, for a user of the national centre", async () => {
    installFetch({});
    const centreUser = { id: 5, username: 'ciffc', agency_code: null, role: { name: 'CIFFC' } };
    const { unmount } = renderApp('/', { user: centreUser });
    expect(await screen.findByRole('link', { name: 'CIFFC' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'ciffc' })).toBeNull();
    unmount();
    renderApp('/', { user: centreUser, locale: 'fr' });
    expect(await screen.findByRole('link', { name: 'CIIFF' })).toBeTruthy();
  });

  it("saves the language chosen while signed in as the account's, for the next sign-in", async () => {
    const { calls } = installFetch({
      '/api/users/me/preferred-locale': () => json({ preferredLocale: 'fr' }),
    });
    renderApp('/', { user: agencyUser('qc') });
    await userEvent.click(await screen.findByRole('button', { name: 'Français' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.pathname === '/api/users/me/preferred-locale')?.init).toMatchObject({
        method: 'PUT',
        body: JSON.stringify({ preferredLocale: 'fr' }),
      }),
    );
    expect(document.documentElement.lang).toBe('fr');
  });

  it('saves no language for a visitor who is not signed in', async () => {
    const { calls } = installFetch({});
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Français' }));
    expect(document.documentElement.lang).toBe('fr');
    expect(calls.some((c) => c.url.pathname === '/api/users/me/preferred-locale')).toBe(false);
  });

  it('closes the small-screen menu on route change', async () => {
    installFetch({});
    renderApp('/');
    const toggle = await screen.findByRole('button', { name: 'Menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(within(await nav()).getByRole('link', { name: 'Wildfire Graphs' }));
    await screen.findByRole('heading', { level: 1, name: 'Wildfire Graphs' });
    await waitFor(() => expect(toggle.getAttribute('aria-expanded')).toBe('false'));
  });
});
