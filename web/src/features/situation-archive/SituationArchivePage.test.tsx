import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFetch, json } from '../../test/fake-fetch.ts';
import { renderApp } from '../../test/render.tsx';
import { monthsOfYear } from './SituationArchivePage.tsx';

const archive = {
  latest: {
    field_date: '2026-07-15',
    field_preparedness_level: '4',
    field_en_summary_comments: '',
    field_fr_summary_comments: '',
  },
  years: [
    {
      year: 2026,
      months: [
        {
          month: 7,
          days: [
            { day: 14, date: '2026-07-14', data: { field_preparedness_level: '3' } },
            { day: 15, date: '2026-07-15', data: { field_preparedness_level: '4' } },
          ],
        },
      ],
    },
  ],
};

describe('situation archive', () => {
  it('links every report day to its report, named by date and level, with the latest and a legend', async () => {
    installFetch({ '/v1/sitrep/archive': () => json(archive) });
    renderApp('/situation/archive');
    const day = await screen.findByRole('link', {
      name: 'Wednesday, July 15, 2026: national preparedness level 4',
    });
    expect(day.getAttribute('href')).toBe('/situation/2026-07-15');
    expect(day.textContent).toBe('15');
    expect(
      screen.getByRole('link', { name: /National situation report of July 15, 2026/ }).getAttribute('href'),
    ).toBe('/situation/2026-07-15');
    const legend = screen.getByRole('heading', { name: 'National preparedness levels' })
      .parentElement as HTMLElement;
    expect(within(legend).getByText('Level 5')).toBeTruthy();
    const month = screen.getByRole('table', { name: 'July 2026' });
    expect(within(month).getAllByRole('columnheader')[0]?.querySelector('abbr')?.title).toBe('Sunday');
  });

  it('starts weeks on Monday in French', async () => {
    installFetch({ '/v1/sitrep/archive': () => json(archive) });
    renderApp('/situation/archive', { locale: 'fr' });
    const month = await screen.findByRole('table', { name: 'juillet 2026' });
    expect(within(month).getAllByRole('columnheader')[0]?.querySelector('abbr')?.title).toBe('lundi');
    expect(
      await screen.findByRole('link', { name: /15 juillet 2026 : niveau de préparation national 4/ }),
    ).toBeTruthy();
  });
});

describe('subscribing to the reports', () => {
  it('links the Atom feeds of the reports and of the level changes, in the page language', async () => {
    installFetch({ '/v1/sitrep/archive': () => json(archive) });
    renderApp('/situation/archive', { locale: 'fr' });
    const reports = await screen.findByRole('link', { name: /Rapports de situation nationaux \(Atom\)/ });
    expect(reports.getAttribute('href')).toBe('/v1/sitrep/feed.atom?lang=fr');
    expect(reports.getAttribute('type')).toBe('application/atom+xml');
    const levels = screen.getByRole('link', { name: /Changements du niveau de préparation national/ });
    expect(levels.getAttribute('href')).toBe('/v1/sitrep/preparedness-level.atom?lang=fr');
  });
});

describe('archive order (docs/decisions.md)', () => {
  it('lists the months that hold a report, newest first, without empty months', () => {
    const year = {
      year: 2026,
      months: [
        { month: 6, days: [{ day: 1, data: { field_preparedness_level: '2' } }] },
        { month: 7, days: [{ day: 3, data: { field_preparedness_level: '3' } }] },
        { month: 8, days: [] },
      ],
    };
    expect(monthsOfYear(year as never).map((m) => m.month)).toEqual([7, 6]);
  });
});
