import { afterEach, describe, expect, it } from 'vitest';
import { sendPageView } from './analytics.ts';

afterEach(() => {
  delete window.dataLayer;
});

describe('page_view analytics', () => {
  it('pushes a page_view event when an analytics id exists', () => {
    expect(sendPageView({ title: 'CIFFC - Overview', path: '/agency' }, 'G-TEST')).toBe(true);
    const events = (window.dataLayer ?? []) as unknown[][];
    const pageView = events.find((e) => e[0] === 'event' && e[1] === 'page_view');
    expect(pageView?.[2]).toMatchObject({
      send_to: 'G-TEST',
      page_title: 'CIFFC - Overview',
      page_path: '/agency',
    });
    expect(document.querySelector('script[src*="googletagmanager"]')).toBeNull();
  });

  it('does nothing without an id', () => {
    expect(sendPageView({ title: 't', path: '/' }, undefined)).toBe(false);
    expect(window.dataLayer).toBeUndefined();
  });
});
