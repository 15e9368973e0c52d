import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { installFetch, json } from '../test/fake-fetch.ts';
import { renderApp } from '../test/render.tsx';

const page = (id: number, Alias: string, Name: string, NameFr: string) => ({
  id,
  Alias,
  Name,
  Body: `${Name} text`,
  locale: 'en',
  localizations: [{ locale: 'fr', Name: NameFr, Body: `${NameFr} texte` }],
});

const PAGES = [
  page(1, 'about', 'About', 'À propos'),
  page(2, 'terms', 'Terms of use', 'Conditions d’utilisation'),
  page(3, 'contact', 'Contact us', 'Nous joindre'),
  page(4, 'privacy', 'Privacy', 'Confidentialité'),
  page(5, 'accessibility', 'Accessibility', 'Accessibilité'),
];

describe('footer', () => {
  it('links contact, privacy, accessibility and terms from the content system, not from the top bar', async () => {
    installFetch({ '/api/pages': () => json({ data: PAGES }) });
    renderApp('/');
    const footer = within(await screen.findByRole('navigation', { name: 'About this site' }));
    // The open data link is there at once; the content pages once the content system answers.
    await footer.findByRole('link', { name: 'Contact us' });
    expect(footer.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Contact us', '/page/contact'],
      ['Privacy', '/page/privacy'],
      ['Accessibility', '/page/accessibility'],
      ['Terms of use', '/page/terms'],
      ['Open data', '/data'],
    ]);
    const header = within(screen.getByRole('navigation', { name: 'Main navigation' }));
    await header.findByRole('link', { name: 'About' });
    expect(header.queryByRole('link', { name: 'Privacy' })).toBeNull();
  });

  it('names the links in French and leaves out pages not published', async () => {
    installFetch({ '/api/pages': () => json({ data: PAGES.slice(0, 3) }) });
    renderApp('/', { locale: 'fr' });
    const footer = within(await screen.findByRole('navigation', { name: 'À propos de ce site' }));
    await footer.findByRole('link', { name: 'Nous joindre' });
    expect(footer.getAllByRole('link').map((a) => a.textContent)).toEqual([
      'Nous joindre',
      'Conditions d’utilisation',
      'Données ouvertes',
    ]);
  });

  it('links only the open data page while the content system has no page', async () => {
    installFetch({});
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    const footer = within(screen.getByRole('navigation', { name: 'About this site' }));
    expect(footer.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Open data', '/data'],
    ]);
  });
});

describe('language in the address', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('writes ?lang=fr into the address when French is chosen, and lang=en back when English is', async () => {
    installFetch({});
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Français' }));
    await waitFor(() => expect(new URL(window.location.href).searchParams.get('lang')).toBe('fr'));
    await userEvent.click(await screen.findByRole('button', { name: 'English' }));
    await waitFor(() => expect(new URL(window.location.href).searchParams.get('lang')).toBe('en'));
  });

  it("leaves signed-in screens' addresses alone", async () => {
    installFetch({});
    renderApp('/login', { locale: 'fr' });
    await screen.findByRole('heading', { level: 1 });
    expect(new URL(window.location.href).searchParams.has('lang')).toBe(false);
  });

  it.each(['/forgot-password', '/reset-password?code=abc'])(
    "leaves a password screen's address alone (%s: a reset code is not for sharing)",
    async (path) => {
      installFetch({});
      renderApp(path, { locale: 'fr' });
      await screen.findByRole('heading', { level: 1 });
      expect(new URL(window.location.href).searchParams.has('lang')).toBe(false);
    },
  );
});
