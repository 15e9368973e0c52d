import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFetch, json } from '../../test/fake-fetch.ts';
import { agencyUser, ciffcUser, renderApp } from '../../test/render.tsx';

const about = {
  id: 1,
  Alias: 'about',
  Name: 'About',
  Body: '# ignored heading\n\nSome *text*. <img src=x onerror="alert(1)">',
  locale: 'en',
  localizations: [{ locale: 'fr', Name: 'À propos', Body: 'Du *texte*.' }],
};

describe('content pages', () => {
  it('shows the title and markdown body of /page/{alias}, raw HTML dropped', async () => {
    installFetch({
      '/api/pages': (url) =>
        json({ data: url.searchParams.get('filters[Alias][$eq]') === 'about' ? [about] : [] }),
    });
    renderApp('/page/about');
    expect(await screen.findByRole('heading', { level: 1, name: 'About' })).toBeTruthy();
    expect(screen.getByText('text').tagName).toBe('EM');
    expect(document.querySelector('main img')).toBeNull();
    await waitFor(() => expect(document.title).toBe('CIFFC - About'));
  });

  it('uses the French localization in French', async () => {
    installFetch({ '/api/pages': () => json({ data: [about] }) });
    renderApp('/page/about', { locale: 'fr' });
    expect(await screen.findByRole('heading', { level: 1, name: 'À propos' })).toBeTruthy();
  });

  it('shows Error / Page not found. when the page does not exist', async () => {
    installFetch({ '/api/pages': () => json({ data: [] }) });
    renderApp('/page/nothing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Error' })).toBeTruthy();
    expect(screen.getByText('Page not found.')).toBeTruthy();
  });

  it('reads /agency/page/{alias} from agency pages with the bearer token', async () => {
    const { calls } = installFetch({
      '/api/agency-pages': (url) =>
        json({
          data: url.searchParams.has('filters[Alias][$eq]')
            ? [{ ...about, Alias: 'contacts', Name: 'Contacts' }]
            : [],
        }),
    });
    renderApp('/agency/page/contacts', { user: agencyUser('ab') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Contacts' })).toBeTruthy();
    const call = calls.find((c) => c.url.searchParams.get('filters[Alias][$eq]') === 'contacts');
    expect(new Headers(call?.init?.headers).get('Authorization')).toBe('Bearer test-jwt');
  });

  it('falls back to CIFFC pages for a CIFFC user', async () => {
    installFetch({
      '/api/ciffc-pages': (url) =>
        json({
          data: url.searchParams.has('filters[Alias][$eq]')
            ? [{ ...about, Alias: 'duty', Name: 'Duty Officers' }]
            : [],
        }),
    });
    renderApp('/agency/page/duty', { user: ciffcUser });
    expect(await screen.findByRole('heading', { level: 1, name: 'Duty Officers' })).toBeTruthy();
  });
});
