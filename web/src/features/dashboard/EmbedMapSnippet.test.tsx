import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { installFetch } from '../../test/fake-fetch.ts';
import { renderApp } from '../../test/render.tsx';

describe('Embed this map', () => {
  it('offers the iframe code of /map in the page language, and copies it', async () => {
    installFetch({});
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderApp('/', { locale: 'fr' });
    const summary = await screen.findByText('Intégrer cette carte');
    expect(summary.tagName).toBe('SUMMARY');
    fireEvent.click(summary);
    const code = screen.getByLabelText('Code pour intégrer la carte') as HTMLTextAreaElement;
    expect(code.value).toBe(
      `<iframe src="${window.location.origin}/map?lang=fr" title="Feux de forêt actifs au Canada (CIFFC)" width="100%" height="600" style="border:0" loading="lazy"></iframe>`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Copier le code' }));
    expect(await screen.findByText('Code copié')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(code.value);
  });

  it('is not offered inside the embedded map itself', async () => {
    installFetch({});
    renderApp('/map');
    expect(await screen.findByRole('heading', { level: 1, name: 'Active Fires Dashboard' })).toBeTruthy();
    expect(screen.queryByText('Embed this map')).toBeNull();
  });
});
