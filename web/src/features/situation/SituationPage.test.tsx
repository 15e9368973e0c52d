import type { PublicNationalSitrep } from '@ciffc/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFetch, json } from '../../test/fake-fetch.ts';
import { ciffcUser, renderApp } from '../../test/render.tsx';

const sitrep = {
  field_agency_code: 'ab',
  field_en_operations_summary: 'Alberta is busy.',
  field_fr_operations_summary: 'L’Alberta est occupée.',
  field_today_natural: 3,
  field_today_human: 1,
  field_today_other: null,
  field_full_oc: 2,
  field_full_bh: 1,
  field_full_uc: 4,
  field_full_out: 10,
  field_full_active_area: 1250.5,
  field_full_out_area: 30,
  field_mod_active: 0,
  field_mod_out: 0,
  field_mod_area: 0,
  field_mon_active: 0,
  field_mon_out: 0,
  field_mon_area: 0,
  field_prescribed_active: 0,
  field_prescribed_out: 0,
  field_prescribed_area: 0,
  field_preparedness: 4,
  field_en_preparedness_comment: 'Committed.',
  field_fr_preparedness_comment: 'Engagé.',
  field_version: 3,
};

const report = (expanded: boolean, carryOver = 1): PublicNationalSitrep => ({
  field_date: '2026-07-15',
  field_preparedness_level: '4',
  field_en_summary_comments: 'Busy day in the west.',
  field_fr_summary_comments: 'Journée chargée dans l’Ouest.',
  field_duty_officer: 'Sam Okafor',
  field_us_preparedness_level: 3,
  field_us_fires: 120,
  field_us_acres: 5400,
  field_us_ytd_fires: 25000,
  field_us_ytd_acres: 1800000,
  system_edit_timestamp: '2026-07-15T20:00:00.000Z',
  field_version: 1,
  expanded_data: expanded,
  agencies: [{ field_code: 'ab', field_name_en: 'Alberta', field_name_fr: 'Alberta' }],
  resources: {},
  recent_mobilizations: [
    {
      field_to: 'bc',
      field_from: 'on',
      field_en_resource: '2 × Unit crew',
      field_fr_resource: '2 × Équipe',
      field_amount: 2,
    },
  ],
  recent_demobilizations: [],
  national_mobilizations_to: [
    {
      field_resource: 'UC20',
      field_en_resource: 'Unit crew',
      field_fr_resource: 'Équipe',
      counts: { ab: 2, intl: 3 },
      total: 5,
    },
  ],
  national_mobilizations_from: [],
  national_availability: [],
  resource_requirements: [],
  historical: [
    {
      field_agency_code: 'ab',
      current_year: { fires: 800, area: 12000 },
      carry_over: { fires: carryOver, area: 40 * carryOver },
      last_year: { fires: 700, area: 9000 },
    },
  ],
  historical_averages: [],
  agencies_sitereps: {
    ab: {
      mobilizations: [],
      demobilizations: [],
      priority_fires: [],
      carry_over_fires: [
        {
          field_fire_id: 'HWF-001',
          field_stage_of_control: 'BH',
          field_size: 40,
          field_situation_report_date: '2025-09-01',
        },
      ],
      sitrep: expanded
        ? {
            ...sitrep,
            field_casual_helicopter_light: 2,
            field_casual_helicopter_intermediate: 0,
            field_casual_helicopter_medium: 1,
            field_casual_helicopter_heavy: 0,
          }
        : sitrep,
    },
  },
});

/** A table's cells, row by row, as read. */
const cellsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((r) => [...r.children].map((c) => c.textContent));

describe('national situation report', () => {
  it('lays out the fire statistics in two tables, the new fires’ total between the columns, each summed in its foot', async () => {
    installFetch({ '/v1/sitrep': () => json(report(false)) });
    renderApp('/situation/2026-07-15');
    const newAndFull = await screen.findByRole('table', { name: 'New fires today and full response' });
    expect(cellsOf(newAndFull)).toMatchInlineSnapshot(`
      [
        [
          "Agency",
          "New: natural",
          "New: human",
          "New: undetermined",
          "New: total",
          "Out of control",
          "Being held",
          "Under control",
          "Active area (ha)",
          "Out",
          "Out area (ha)",
        ],
        [
          "Alberta",
          "3",
          "1",
          "–",
          "4",
          "2",
          "1",
          "4",
          "1,250.5",
          "10",
          "30.0",
        ],
        [
          "Total",
          "3",
          "1",
          "0",
          "4",
          "2",
          "1",
          "4",
          "1,250.5",
          "10",
          "30.0",
        ],
      ]
    `);
    expect(
      cellsOf(screen.getByRole('table', { name: 'Modified, monitored and prescribed fires' })),
    ).toMatchInlineSnapshot(`
      [
        [
          "Agency",
          "Modified: active",
          "Modified: out",
          "Modified: area (ha)",
          "Monitored: active",
          "Monitored: out",
          "Monitored: area (ha)",
          "Prescribed: active",
          "Prescribed: out",
          "Prescribed: area (ha)",
        ],
        [
          "Alberta",
          "0",
          "0",
          "0.0",
          "0",
          "0",
          "0.0",
          "0",
          "0",
          "0.0",
        ],
        [
          "Total",
          "0",
          "0",
          "0.0",
          "0",
          "0",
          "0.0",
          "0",
          "0",
          "0.0",
        ],
      ]
    `);
  });

  it('shows the public sections, the carry-over asterisk and the acre note, without the signed-in extras', async () => {
    installFetch({ '/v1/sitrep': () => json(report(false)) });
    renderApp('/situation/2026-07-15');
    expect(await screen.findByRole('heading', { level: 1, name: /July 15, 2026/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Situation report archive/ }).getAttribute('href')).toBe(
      '/situation/archive',
    );
    expect(screen.getByText('Busy day in the west.')).toBeTruthy();
    const ytd = screen.getByRole('table', { name: 'Year to date, compared with last year' });
    expect(within(ytd).getByTitle('Includes 1 fire carried over from a previous year').textContent).toBe('*');
    expect(screen.getByText(/Includes fires that started in a previous year/)).toBeTruthy();
    expect(screen.getByText('1 Acre = 0.404685642 Hectares')).toBeTruthy();
    expect(screen.getByText('5,400 acres')).toBeTruthy();
    const grid = screen.getByRole('table', { name: 'Resources mobilized to' });
    expect(within(grid).getAllByRole('row')[1]?.lastElementChild?.textContent).toBe('5');
    expect(screen.queryByRole('heading', { name: 'Casual Hire Helicopters' })).toBeNull();
    expect(screen.getByText(/Report date: Wednesday, July 15, 2026/)).toBeTruthy();
    expect(screen.getByText(/Last updated: Jul 15, 2026, 3:00\sp\.m\. UTC−5/)).toBeTruthy();
  });

  it('shows neither asterisk nor disclaimer when no carry-over fire is counted', async () => {
    installFetch({ '/v1/sitrep': () => json(report(false, 0)) });
    renderApp('/situation/2026-07-15');
    const ytd = await screen.findByRole('table', { name: 'Year to date, compared with last year' });
    expect(within(ytd).getAllByRole('row')[1]?.textContent).toContain('Alberta800');
    expect(within(ytd).queryByText('*')).toBeNull();
    expect(screen.queryByText(/Includes fires that started in a previous year/)).toBeNull();
  });

  it('adds the signed-in sections for a signed-in reader', async () => {
    const { calls } = installFetch({ '/v1/sitrep': () => json(report(true)) });
    renderApp('/situation', { user: ciffcUser });
    expect(await screen.findByRole('heading', { name: 'Casual Hire Helicopters' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Fire Occurrence Prediction' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Resource Availability Report' })).toBeTruthy();
    const call = calls.find((c) => c.url.pathname === '/v1/sitrep');
    expect(new Headers(call?.init?.headers).get('Authorization')).toBe('Bearer test-jwt');
  });

  it('says so when a date has no report', async () => {
    installFetch({ '/v1/sitrep': () => json({ statusCode: 404, error: 'Not Found', message: 'none' }, 404) });
    renderApp('/situation/2020-01-01');
    expect(await screen.findByText('There is no national situation report for 2020-01-01.')).toBeTruthy();
  });

  const day = (date: string) => ({
    day: Number(date.slice(8)),
    date,
    data: { field_preparedness_level: '2' },
  });
  const archive = {
    latest: {
      field_date: '2026-07-16',
      field_preparedness_level: '2',
      field_en_summary_comments: '',
      field_fr_summary_comments: '',
    },
    years: [
      { year: 2026, months: [{ month: 7, days: [day('2026-07-16'), day('2026-07-15'), day('2026-07-12')] }] },
      { year: 2025, months: [{ month: 9, days: [day('2025-09-30')] }] },
    ],
  };

  it('links the previous, next and latest published reports', async () => {
    installFetch({ '/v1/sitrep': () => json(report(false)), '/v1/sitrep/archive': () => json(archive) });
    renderApp('/situation/2026-07-15');
    const nav = await screen.findByRole('navigation', { name: 'Other reports' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['‹ Previous report (Jul 12, 2026)', '/situation/2026-07-12'],
      ['Latest report (Jul 16, 2026)', '/situation'],
      ['Next report (Jul 16, 2026) ›', '/situation/2026-07-16'],
    ]);
  });

  it('offers the latest report and the nearest ones where a date has none, in French', async () => {
    installFetch({
      '/v1/sitrep': () => json({ statusCode: 404, error: 'Not Found', message: 'none' }, 404),
      '/v1/sitrep/archive': () => json(archive),
    });
    renderApp('/situation/2026-01-01', { locale: 'fr' });
    const nav = await screen.findByRole('navigation', { name: 'Autres rapports' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/situation/2025-09-30', '/situation', '/situation/2026-07-12']);
    expect(within(nav).getByText('Dernier rapport (16 juill. 2026)')).toBeTruthy();
  });
});
