import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CONTENT_VERSION_POLL_MS, contentVersionQuery, isContentQuery } from '../../shared/api/content.ts';
import { installFetch, json } from '../../test/fake-fetch.ts';
import { renderApp } from '../../test/render.tsx';

/** A content system whose page `about` an editor renames, bumping the content version. */
function contentSystem() {
  const state = { version: 41, name: 'About CIFFC' };
  const { calls } = installFetch({
    '/api/content-version': () => json({ version: state.version }),
    '/api/pages': () =>
      json({ data: [{ id: 1, Alias: 'about', Name: state.name, Body: 'Text.', locale: 'en' }] }),
  });
  const pageReads = () => calls.filter((c) => c.url.pathname === '/api/pages').length;
  return { state, pageReads };
}

describe('open pages follow saves', () => {
  it('asks for the content version at least every 60 s and on focus', () => {
    expect(CONTENT_VERSION_POLL_MS).toBeLessThanOrEqual(60_000);
    expect(contentVersionQuery.refetchInterval).toBe(CONTENT_VERSION_POLL_MS);
    expect(contentVersionQuery.refetchOnWindowFocus).toBe(true);
  });

  it('shows the new name once the content version moves, without a reload', async () => {
    const cms = contentSystem();
    const { queryClient } = renderApp('/page/about');
    expect(await screen.findByRole('heading', { level: 1, name: 'About CIFFC' })).toBeTruthy();
    await waitFor(() => expect(queryClient.getQueryData(contentVersionQuery.queryKey)).toBe(41));

    cms.state.name = 'About the centre';
    cms.state.version = 42;
    await queryClient.refetchQueries({ queryKey: contentVersionQuery.queryKey }); // the next poll
    expect(await screen.findByRole('heading', { level: 1, name: 'About the centre' })).toBeTruthy();
  });

  it('reads no content again while the version stays the same', async () => {
    const cms = contentSystem();
    const { queryClient } = renderApp('/page/about');
    expect(await screen.findByRole('heading', { level: 1, name: 'About CIFFC' })).toBeTruthy();
    await waitFor(() => expect(queryClient.getQueryData(contentVersionQuery.queryKey)).toBe(41));
    const reads = cms.pageReads();
    await queryClient.refetchQueries({ queryKey: contentVersionQuery.queryKey });
    await queryClient.refetchQueries({ queryKey: contentVersionQuery.queryKey });
    // Whatever the two answers started has ended before counting.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(cms.pageReads()).toBe(reads);
  });

  it('counts the four content collections as content, and nothing else', () => {
    expect(isContentQuery(['static-contents', 'aliases'])).toBe(true);
    expect(isContentQuery(['agency-pages+ciffc-pages', { alias: 'duty' }])).toBe(true);
    expect(isContentQuery(['content-version'])).toBe(false);
    expect(isContentQuery(['session'])).toBe(false);
  });
});
