import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { installFetch } from '../test/fake-fetch.ts';
import { renderWithProviders } from '../test/render.tsx';
import { UploadsRedirect } from './UploadsRedirect.tsx';

describe('/uploads/*', () => {
  it("sends the browser to the content system's file at the same origin", () => {
    installFetch({});
    const assign = vi.fn();
    renderWithProviders(<UploadsRedirect assign={assign} />, {
      path: '/uploads/stages_en.pdf?x=1',
      route: '/uploads/*',
    });
    expect(assign).toHaveBeenCalledWith('/uploads/stages_en.pdf?x=1');
  });

  it('shows the 404 page instead of looping when the file load comes straight back', async () => {
    installFetch({});
    sessionStorage.setItem('ciffc.uploads-redirect', `/uploads/a.pdf\n${Date.now()}`);
    const assign = vi.fn();
    renderWithProviders(<UploadsRedirect assign={assign} />, { path: '/uploads/a.pdf', route: '/uploads/*' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
  });
});
