import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFetch, json } from '../../test/fake-fetch.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { StaticContent } from './StaticContent.tsx';

describe('StaticContent', () => {
  it('renders the heading at level h2 by default and the markdown body', async () => {
    const { calls } = installFetch({
      '/api/static-contents': () =>
        json({
          data: [
            {
              id: 1,
              Alias: 'inventory',
              Name: 'Inventory',
              Body: '**Bold** <script>alert(1)</script>',
              locale: 'en',
              localizations: [{ locale: 'fr', Name: 'Inventaire', Body: 'Texte' }],
            },
          ],
        }),
    });
    renderWithProviders(<StaticContent alias="inventory" />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Inventory' })).toBeTruthy();
    expect(screen.getByText('Bold').tagName).toBe('STRONG');
    expect(document.querySelector('.static-content script')).toBeNull();
    const q = calls.find((c) => c.url.pathname === '/api/static-contents')?.url.searchParams;
    expect(q?.get('filters[Alias][$eq]')).toBe('inventory');
    expect(q?.get('populate')).toBe('localizations');
  });

  it('takes the heading level and the French localization', async () => {
    installFetch({
      '/api/static-contents': () =>
        json({
          data: [
            {
              id: 1,
              Alias: 'a',
              Name: 'A',
              Body: 'b',
              locale: 'en',
              localizations: [{ locale: 'fr', Name: 'A fr', Body: 'b fr' }],
            },
          ],
        }),
    });
    renderWithProviders(<StaticContent alias="a" level={4} />, { locale: 'fr' });
    expect(await screen.findByRole('heading', { level: 4, name: 'A fr' })).toBeTruthy();
  });

  it('shows Error and Not found: "alias" when the block is missing', async () => {
    installFetch({ '/api/static-contents': () => json({ data: [] }) });
    renderWithProviders(<StaticContent alias="login" />);
    const box = await screen.findByRole('alert');
    expect(box.textContent).toContain('Error');
    expect(box.textContent).toContain('Not found: "login"');
  });

  it('shows the same box when the content system fails', async () => {
    installFetch({ '/api/static-contents': () => json({ error: { message: 'boom' } }, 500) });
    renderWithProviders(<StaticContent alias="login" />);
    expect((await screen.findByRole('alert')).textContent).toContain('Not found: "login"');
  });
});
