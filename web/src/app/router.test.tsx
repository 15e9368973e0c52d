import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aliasesResponse, installFetch, pending } from '../test/fake-fetch.ts';
import { agencyUser, ciffcUser, renderApp } from '../test/render.tsx';

const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });

describe('routes and feature gating', () => {
  it('renders every public route of section 2 with its title', async () => {
    installFetch({});
    const cases: [string, string][] = [
      ['/', 'Active Fires Dashboard'],
      ['/dashboard', 'Active Fires Dashboard'],
      ['/page', 'Current Fires Summary'],
      ['/summary', 'Current Fires Summary'],
      ['/situation', 'National Situation Report'],
      ['/situation/2025-07-01', 'National Situation Report'],
      ['/situation/archive', 'Situation Reports'],
      ['/national', 'National Fires List'],
      ['/statistics', 'Wildfire Graphs'],
    ];
    for (const [path, title] of cases) {
      const { unmount } = renderApp(path);
      expect(await heading(title)).toBeTruthy();
      await waitFor(() => expect(document.title).toBe(`CIFFC - ${title}`));
      unmount();
    }
  });

  it('allows a gated route while the alias list is still loading', async () => {
    installFetch({ aliases: pending });
    renderApp('/statistics');
    expect(await heading('Wildfire Graphs')).toBeTruthy();
  });

  it('sends an unpublished feature to /404', async () => {
    installFetch({ aliases: () => aliasesResponse(['login']) });
    const { router } = renderApp('/statistics');
    expect(await heading('Page not found')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/404');
  });

  it('sends an unknown path to the 404 page at /404', async () => {
    installFetch({});
    const { router } = renderApp('/no/such/page');
    expect(await heading('Page not found')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/404');
  });

  it('follows a legacy redirect with a language prefix', async () => {
    installFetch({});
    const { router } = renderApp('/fr/sitrep-archive?date=2019-06-01');
    expect(await heading('Situation Reports')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/situation/archive');
  });

  it('sends bare /en to /', async () => {
    installFetch({});
    const { router } = renderApp('/en');
    expect(await heading('Active Fires Dashboard')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('renders /map without the top bar', async () => {
    installFetch({});
    renderApp('/map');
    expect(await heading('Active Fires Dashboard')).toBeTruthy();
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('shows the top bar with a skip link on other routes', async () => {
    installFetch({});
    renderApp('/');
    expect(await screen.findByRole('banner')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Skip to main content' }).getAttribute('href')).toBe('#main');
    expect(screen.getByRole('main').id).toBe('main');
  });
});

describe('access guards', () => {
  it('sends anonymous visitors of /agency to /login', async () => {
    installFetch({});
    const { router } = renderApp('/agency');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('sends an agency user away from /agency/national to /agency', async () => {
    installFetch({});
    const { router } = renderApp('/agency/national', { user: agencyUser('ab') });
    await waitFor(() => expect(router.state.location.pathname).toBe('/agency'));
    expect(await heading('Overview')).toBeTruthy();
  });

  it('lets a CIFFC user reach national sitrep input and reports', async () => {
    installFetch({});
    const { unmount } = renderApp('/agency/national', { user: ciffcUser });
    expect(await heading('National SitRep Input')).toBeTruthy();
    unmount();
    renderApp('/agency/reports-and-exports', { user: ciffcUser });
    expect(await heading('Reports and Exports')).toBeTruthy();
  });

  it.each([
    ['/agency/sitrep', 'Agency SitRep Input'],
    ['/agency/sitrep/ab', 'Agency SitRep Input'],
    ['/agency/sitrep/ab/approved', 'Agency SitRep (approved copy)'],
    ['/agency/sitrep/ab/published', 'Agency SitRep (published copy)'],
  ])('lets an agency user reach its sitrep variant %s', async (path, title) => {
    installFetch({});
    renderApp(path, { user: agencyUser('ab') });
    expect(await heading(title)).toBeTruthy();
  });

  it('lets an agency user reach inventory input', async () => {
    installFetch({});
    renderApp('/agency/inventory/input', { user: agencyUser('ab') });
    expect(await heading('Inventory Input')).toBeTruthy();
  });

  it('sends a CIFFC user away from inventory input', async () => {
    installFetch({});
    const { router } = renderApp('/agency/inventory/input', { user: ciffcUser });
    await waitFor(() => expect(router.state.location.pathname).toBe('/agency'));
  });

  it('gates before guarding: an unpublished data-entry screen is a 404 even when signed in', async () => {
    installFetch({ aliases: () => aliasesResponse(['login']) });
    const { router } = renderApp('/agency/reports-and-exports', { user: ciffcUser });
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
  });

  describe.each([
    ['', 'draft'],
    ['/approved', 'approved copy'],
    ['/published', 'published copy'],
  ])('agency sitrep %s (docs/spec/data-entry.md section 2, access redirects)', (suffix) => {
    it("sends an agency user away from another agency's sitrep to /agency", async () => {
      installFetch({});
      const { router } = renderApp(`/agency/sitrep/bc${suffix}`, { user: agencyUser('ab') });
      await waitFor(() => expect(router.state.location.pathname).toBe('/agency'));
      expect(await heading('Overview')).toBeTruthy();
    });

    it('sends an unknown agency code to /agency, also for the national centre', async () => {
      for (const user of [agencyUser('ab'), ciffcUser]) {
        installFetch({});
        const { router, unmount } = renderApp(`/agency/sitrep/zz${suffix}`, { user });
        await waitFor(() => expect(router.state.location.pathname).toBe('/agency'));
        unmount();
      }
    });

    it('sends an anonymous visitor to /login', async () => {
      installFetch({});
      const { router } = renderApp(`/agency/sitrep/ab${suffix}`);
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    });
  });

  it('sends an anonymous visitor of /agency/sitrep to /login', async () => {
    installFetch({});
    const { router } = renderApp('/agency/sitrep');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it("lets the national centre open any agency's sitrep", async () => {
    installFetch({});
    const { router } = renderApp('/agency/sitrep/bc', { user: ciffcUser });
    expect(await heading('Agency SitRep Input')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/agency/sitrep/bc');
  });

  it('shows Overview at /agency/page for a signed-in user', async () => {
    installFetch({});
    const { router } = renderApp('/agency/page', { user: agencyUser('ab') });
    expect(await heading('Overview')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/agency/page');
  });
});
