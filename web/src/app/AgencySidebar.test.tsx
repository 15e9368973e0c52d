import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getSession } from '../shared/auth/session.ts';
import { installFetch, json } from '../test/fake-fetch.ts';
import { agencyUser, ciffcUser, renderApp } from '../test/render.tsx';

const sidebarLinks = async () =>
  within(await screen.findByRole('navigation', { name: 'Agency menu' }))
    .getAllByRole('link')
    .map((a) => a.textContent);

describe('agency sidebar', () => {
  it('shows an agency user its input screens and agency pages', async () => {
    const { calls } = installFetch({
      '/api/agency-pages': () => json({ data: [{ id: 3, Alias: 'contacts', Name: 'Contacts', Body: '' }] }),
    });
    renderApp('/agency', { user: agencyUser('ab') });
    await screen.findByRole('link', { name: 'Contacts' });
    expect(await sidebarLinks()).toEqual([
      'Overview',
      'Agency SitRep Input',
      'Inventory Input',
      'Inventory Summary',
      'Import Fires',
      'Import Perimeters',
      'Contacts',
    ]);
    const agencyCall = calls.find((c) => c.url.pathname === '/api/agency-pages');
    expect(new Headers(agencyCall?.init?.headers).get('Authorization')).toBe('Bearer test-jwt');
    expect(calls.some((c) => c.url.pathname === '/api/ciffc-pages')).toBe(false);
  });

  it('shows a CIFFC user national items and CIFFC pages', async () => {
    installFetch({
      '/api/ciffc-pages': () => json({ data: [{ id: 4, Alias: 'duty', Name: 'Duty Officers', Body: '' }] }),
    });
    renderApp('/agency', { user: ciffcUser });
    await screen.findByRole('link', { name: 'Duty Officers' });
    expect(await sidebarLinks()).toEqual([
      'Overview',
      'National SitRep Input',
      'Inventory Summary',
      'Reports and Exports',
      'Import Fires',
      'Import Perimeters',
      'Agency Fire Feeds',
      'Duty Officers',
    ]);
  });

  it('Logout clears the user and goes to /login', async () => {
    installFetch({});
    const { router } = renderApp('/agency', { user: agencyUser('ab') });
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getSession()).toBeNull();
    expect(localStorage.getItem('ciffc.session')).toBeNull();
    expect(await screen.findByRole('link', { name: 'Login' })).toBeTruthy();
  });
});
