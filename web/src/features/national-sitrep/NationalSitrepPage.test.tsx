import {
  type AgencySitrepSummary,
  catalogueOptions,
  emptyNationalDraft,
  fieldError,
  type NationalDraftResponse,
  type NationalSaveResult,
  type ResourceOptions,
  readReportNumbers,
  readReportTexts,
  SYNC_INTERVAL_MS,
} from '@ciffc/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { installFetch, json, type Routes } from '../../test/fake-fetch.ts';
import { agencyUser, ciffcUser, renderApp } from '../../test/render.tsx';

const draft = (over: Partial<NationalDraftResponse> = {}): NationalDraftResponse => ({
  ...emptyNationalDraft(),
  preparedness_level: '2',
  national_to_mobs: { UC20: { resources: 'UC20', ab: 2, bc: null, intl: 1 } },
  national_from_mobs: { UC20: { resources: 'UC20', on: 3 } },
  duty_officer_options: ['Jordan Whitehorse'],
  sitrep: { agency_sitreps: [] },
  previous: null,
  mobs: [],
  status: '',
  is_published: false,
  last_edit: null,
  version_number: 4,
  published_version: null,
  requires_manual_sync: false,
  claimed_by: null,
  claimed_by_name: null,
  locked: false,
  report_date: '2026-07-15',
  validationErrors: {},
  ...over,
});

function setup(current: NationalDraftResponse, handlers: Routes = {}) {
  const calls: string[] = [];
  installFetch({
    '/v1/resource/options': () => json<ResourceOptions>(catalogueOptions('en')),
    '/v1/duty-officers': () => json({ items: [{ name: 'Sam Okafor', phone: null, last_on_duty: null }] }),
    '/v1/sitrep/national': () => json(current),
    '/v1/sitrep/national/claim': () => {
      calls.push('claim');
      current.claimed_by = ciffcUser.id;
      current.status = 'E';
      return json({
        status: 'E',
        version_number: 4,
        claimed_by: ciffcUser.id,
        claimed_by_name: 'ciffc',
        last_edit: null,
        is_published: false,
      });
    },
    ...handlers,
  });
  return calls;
}

/** A draft this user already holds the claim on: editing resumes on load (4.2). */
const mine = (over: Partial<NationalDraftResponse> = {}) =>
  draft({ claimed_by: ciffcUser.id, status: 'E', ...over });

const saveResult = (over: Partial<NationalSaveResult> = {}): NationalSaveResult => ({
  status: 'E',
  last_edit: '2026-07-15T20:00:00.000Z',
  version_number: 5,
  requires_manual_sync: false,
  is_published: false,
  claimed_by: ciffcUser.id,
  validationErrors: {},
  ...over,
});

const mobRow = (key: string, group: string, to: string, from: string) => ({
  key,
  group,
  to,
  from,
  resources: { amount: 2, category: 'crews', subcategory: 'type-1-unit-crew', item: 'UC20' },
});

describe('national sitrep input', () => {
  it('sends anonymous visitors to /login and agency users to /agency', async () => {
    setup(draft());
    const anonymous = renderApp('/agency/national');
    await waitFor(() => expect(anonymous.router.state.location.pathname).toBe('/login'));
    anonymous.unmount();
    const agency = renderApp('/agency/national', { user: agencyUser('ab') });
    await waitFor(() => expect(agency.router.state.location.pathname).toBe('/agency'));
  });

  it('lays out the fire statistics of each approved report with the totals between and after the columns', async () => {
    const ab: AgencySitrepSummary = {
      agency: 'ab',
      version_number: 3,
      preparedness_level: 3,
      ...readReportTexts({ en_ops_summary: 'Busy.' }),
      ...readReportNumbers({
        a_ltg: 3,
        a_hum: 1,
        b_oc: 2,
        b_bh: 1,
        b_uc: 4,
        b_active_hectares: 1250.5,
        b_total_out: 10,
        b_out_hectares: 30,
        c_act: 1,
        c_total_hectares: 2.5,
        c2_out: 5,
        e_act: 2,
        e_total_hectares: 7,
      }),
      priority_fires: [],
      mobs: [],
      compact_mobs: [],
      demobs: [],
      rars: [],
    };
    setup(draft({ sitrep: { agency_sitreps: [ab] } }));
    renderApp('/agency/national', { user: ciffcUser });
    const table = await screen.findByRole('table', { name: 'Fire Statistics' });
    const cells = within(table)
      .getAllByRole('row')
      .map((r) => [...r.children].map((c) => c.textContent));
    expect(cells).toMatchInlineSnapshot(`
      [
        [
          "Agency",
          "New: natural",
          "New: human",
          "New: undetermined",
          "New: total",
          "OC",
          "BH",
          "UC",
          "Active ha",
          "OUT",
          "Out ha",
          "Modified: active",
          "Modified: out",
          "Modified: ha",
          "Monitored: active",
          "Monitored: out",
          "Monitored: ha",
          "Prescribed: active",
          "Prescribed: out",
          "Prescribed: ha",
          "Total fires",
          "Total ha",
        ],
        [
          "AB",
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
          "1",
          "0",
          "2.5",
          "0",
          "5",
          "0.0",
          "2",
          "0",
          "7.0",
          "23",
          "1,283.0",
        ],
      ]
    `);
  });

  it('shows the read-only grids until Start Editing, then totals a row live, blanks as 0', async () => {
    const calls = setup(draft());
    renderApp('/agency/national', { user: ciffcUser });
    const to = await screen.findByRole('table', { name: 'To' });
    const cell = within(to).getByLabelText(/UC20|Type 1 unit crew.*, AB/);
    expect((cell as HTMLInputElement).disabled).toBe(true);
    expect(within(to).getByLabelText(/^Total, /).textContent).toBe('3');
    // The report's day written out in the page's language, not as YYYY-MM-DD.
    expect(screen.getByText('Wednesday, July 15, 2026')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Start Editing' }));
    await screen.findByRole('button', { name: 'Pause Edit' });
    expect(calls).toEqual(['claim']);
    const bc = within(screen.getByRole('table', { name: 'To' })).getByLabelText(/, BC$/);
    fireEvent.change(bc, { target: { value: '5' } });
    expect(within(screen.getByRole('table', { name: 'To' })).getByLabelText(/^Total, /).textContent).toBe(
      '8',
    );
    expect(screen.getByRole('button', { name: 'Publish' })).toBeTruthy();
  });

  it('says Edit Locked and hides the editing controls when another user holds the claim', async () => {
    setup(draft({ claimed_by: 7, claimed_by_name: 'other', status: 'E', locked: true }));
    renderApp('/agency/national', { user: ciffcUser });
    const locked = await screen.findByRole('button', { name: 'Edit Locked' });
    expect((locked as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /Publish/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add resource' })).toBeNull();
    expect(screen.getByTestId('national-status').textContent).toContain('by other');
  });

  it('alerts when there is no data to bring forward', async () => {
    setup(draft({ claimed_by: ciffcUser.id, status: 'E' }));
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    renderApp('/agency/national', { user: ciffcUser });
    // The claim already belongs to this user: editing resumes.
    await userEvent.click(await screen.findByRole('button', { name: 'Bring forward yesterday’s data' }));
    expect(confirm).toHaveBeenCalledWith(
      'Are you sure you want to bring forward data? This will replace any associated data you may already have filled in.',
    );
    expect(alert).toHaveBeenCalledWith('There is no data to bring forward.');
    expect(screen.getByText('1 Acre = 0.404685642 Hectares')).toBeTruthy();
  });

  it('on a 409 from another tab stops, reloads, shows the unsent value beside the current one and never re-sends it', async () => {
    // Only the 5 s tick is faked: fetches, typing and toasts run on the real clock.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let current = mine();
    const posted: Record<string, unknown>[] = [];
    setup(current, {
      '/v1/sitrep/national': (_url, init) => {
        if (init?.method !== 'POST') return json(current);
        posted.push(JSON.parse(String(init.body)));
        current = mine({ version_number: 5, us_fires: 99 });
        return json(
          {
            statusCode: 409,
            error: 'Conflict',
            message: 'The national sitrep changed since version 4 (now 5 by ciffc); reload it',
          },
          409,
        );
      },
    });
    renderApp('/agency/national', { user: ciffcUser });
    const usFires = await screen.findByLabelText('Fires Yesterday');
    await userEvent.type(usFires, '12');
    // Pause Edit sends at once (no waiting for the tick); the 409 stops editing.
    await userEvent.click(screen.getByRole('button', { name: 'Pause Edit' }));
    const notice = await screen.findByTestId('editing-conflict');
    expect(notice.textContent).toContain('changed since version 4');
    expect(screen.getByTestId('conflict-mine-us_fires').textContent).toBe('12');
    // The row names the field by its label, not its key.
    expect(within(notice).getByRole('rowheader').textContent).toBe('Fires Yesterday');
    await waitFor(() =>
      expect((screen.getByLabelText('Fires Yesterday') as HTMLInputElement).value).toBe('99'),
    );
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ us_fires: 12, version_number: 4, edit_session: expect.any(String) });
    // Two ticks later nothing more was sent over the other version.
    await act(async () => {
      vi.advanceTimersByTime(2 * SYNC_INTERVAL_MS);
    });
    expect(posted).toHaveLength(1);
  });

  it('names the fields of the conflict notice by their French labels', async () => {
    let current = mine();
    setup(current, {
      '/v1/sitrep/national': (_url, init) => {
        if (init?.method !== 'POST') return json(current);
        current = mine({ version_number: 5, us_fires: 99, duty_officer_name: 'Sam Okafor' });
        return json(
          {
            statusCode: 409,
            error: 'Conflict',
            message: 'stale',
            code: 'national.stale',
            params: { based_on: 3, current: 4, name: 'Sam Okafor' },
          },
          409,
        );
      },
    });
    renderApp('/agency/national', { user: ciffcUser, locale: 'fr' });
    await userEvent.type(await screen.findByLabelText('Feux d’hier'), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Suspendre la modification' }));
    const notice = await screen.findByTestId('editing-conflict');
    await waitFor(() =>
      expect(
        within(notice)
          .getAllByRole('rowheader')
          .map((h) => h.textContent),
      ).toEqual(['Agent de service', 'Feux d’hier']),
    );
  });

  it('shows and reads the French decimal comma in the acres fields, and sends the number', async () => {
    const posted: Record<string, unknown>[] = [];
    setup(mine({ us_acres: 120.5 }), {
      '/v1/sitrep/national': (_url, init) => {
        if (init?.method !== 'POST') return json(mine({ us_acres: 120.5 }));
        posted.push(JSON.parse(String(init.body)));
        return json(saveResult());
      },
      '/v1/sitrep/national/release': () => json({ ...saveResult(), claimed_by: null, claimed_by_name: null }),
    });
    renderApp('/agency/national', { user: ciffcUser, locale: 'fr' });
    const acres = (await screen.findByLabelText('Acres d’hier')) as HTMLInputElement;
    expect(acres.value).toBe('120,5');
    fireEvent.change(acres, { target: { value: '14445,9' } });
    fireEvent.blur(acres);
    expect(acres.value).toBe('14445,9');
    await userEvent.click(screen.getByRole('button', { name: 'Suspendre la modification' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ us_acres: 14445.9 });
  });

  it('on a yes, Pause Edit discards only the invalid field and sends the other unsent changes', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const posted: Record<string, unknown>[] = [];
    setup(mine({ us_fires: 3 }), {
      '/v1/sitrep/national': (_url, init) => {
        if (init?.method !== 'POST') return json(mine({ us_fires: 3 }));
        posted.push(JSON.parse(String(init.body)));
        return json(saveResult());
      },
      '/v1/sitrep/national/release': () => json({ ...saveResult(), claimed_by: null, claimed_by_name: null }),
    });
    renderApp('/agency/national', { user: ciffcUser });
    const acres = (await screen.findByLabelText('Acres Yesterday')) as HTMLInputElement;
    fireEvent.change(acres, { target: { value: '7.5' } });
    fireEvent.blur(acres);
    const fires = screen.getByLabelText('Fires Yesterday') as HTMLInputElement;
    fireEvent.change(fires, { target: { value: '-3' } });
    fireEvent.blur(fires);
    await userEvent.click(screen.getByRole('button', { name: 'Pause Edit' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    // The valid change is sent; the invalid one goes back to the kept 3.
    expect(posted[0]).toMatchObject({ us_acres: 7.5, us_fires: 3 });
  });

  it('says Ready to update with its hint when the saved change is not public yet (requires_manual_sync)', async () => {
    setup(mine({ is_published: true, published_version: 4 }), {
      '/v1/sitrep/national': (_url, init) =>
        json(
          init?.method === 'POST'
            ? saveResult({ is_published: true, requires_manual_sync: true })
            : mine({ is_published: true }),
        ),
      '/v1/sitrep/national/release': () =>
        json({
          status: 'PUBLISHED',
          version_number: 5,
          claimed_by: null,
          claimed_by_name: null,
          last_edit: null,
          is_published: true,
        }),
    });
    renderApp('/agency/national', { user: ciffcUser });
    const status = await screen.findByTestId('national-status');
    // 4.4: is_published shows Published, even while the draft is being edited.
    expect(status.textContent).toBe('Published');
    expect(screen.queryByText(/Changes will not be permanent/)).toBeNull();
    const usFires = screen.getByLabelText('Fires Yesterday');
    await userEvent.type(usFires, '12');
    fireEvent.blur(usFires);
    // Pause Edit syncs what is queued before releasing the claim.
    await userEvent.click(screen.getByRole('button', { name: 'Pause Edit' }));
    await waitFor(() => expect(screen.getByTestId('national-status').textContent).toBe('Ready to update'));
    expect(
      screen.getByText('The page has been updated. Changes will not be permanent until you save.'),
    ).toBeTruthy();
  });

  it('reads Republish once published, and Blocked (disabled) while validation errors exist', async () => {
    setup(mine({ is_published: true }));
    const first = renderApp('/agency/national', { user: ciffcUser });
    expect(await screen.findByRole('button', { name: 'Republish' })).toBeTruthy();
    first.unmount();
    setup(
      mine({
        validationErrors: {
          us_fires: fieldError('field.whole'),
          form_11: fieldError('field.section_has_errors'),
        },
      }),
    );
    renderApp('/agency/national', { user: ciffcUser });
    const blocked = await screen.findByRole('button', { name: 'Blocked' });
    expect((blocked as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /Publish/ })).toBeNull();
  });

  it('asks before Remove and then removes the resource from both grids', async () => {
    setup(mine());
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderApp('/agency/national', { user: ciffcUser });
    const to = await screen.findByRole('table', { name: 'To' });
    await userEvent.click(within(to).getByRole('button', { name: /^Remove/ }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this item?');
    expect(
      within(screen.getByRole('table', { name: 'From' })).getAllByRole('textbox').length,
    ).toBeGreaterThan(0);
    confirm.mockReturnValue(true);
    await userEvent.click(
      within(screen.getByRole('table', { name: 'To' })).getByRole('button', { name: /^Remove/ }),
    );
    for (const side of ['To', 'From']) {
      const grid = screen.getByRole('table', { name: side });
      expect(within(grid).queryAllByRole('textbox')).toHaveLength(0);
      expect(within(grid).getByText('No resources yet: add one with the resource picker.')).toBeTruthy();
    }
  });

  it("brings forward yesterday's grids, adding an empty row for a resource missing on one side", async () => {
    setup(
      mine({
        previous: {
          field_date: '2026-07-14',
          national_to_mobs: { UC20: { resources: 'UC20', ab: 4 } },
          national_from_mobs: { HM: { resources: 'HM', on: 2 } },
        },
      }),
    );
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderApp('/agency/national', { user: ciffcUser });
    await userEvent.click(await screen.findByRole('button', { name: 'Bring forward yesterday’s data' }));
    const to = screen.getByRole('table', { name: 'To' });
    const from = screen.getByRole('table', { name: 'From' });
    const rowsOf = (grid: HTMLElement) =>
      [...grid.querySelectorAll('tbody tr[data-resource]')].map((r) => r.getAttribute('data-resource'));
    expect(rowsOf(to)).toEqual(['UC20', 'HM']);
    expect(rowsOf(from)).toEqual(['UC20', 'HM']);
    const total = (grid: HTMLElement, short: string) =>
      grid.querySelector(`tr[data-resource="${short}"] output`)?.textContent;
    expect([total(to, 'UC20'), total(to, 'HM')]).toEqual(['4', '0']);
    expect([total(from, 'UC20'), total(from, 'HM')]).toEqual(['0', '2']);
  });

  it('copies To and From of the first row of a mobilization group to its later rows, locked', async () => {
    setup(mine({ mobs_grouped: [mobRow('a', 'g1', 'bc', 'on')] }));
    renderApp('/agency/national', { user: ciffcUser });
    const mobs = await screen.findByRole('region', { name: 'Mobilizations' });
    await userEvent.click(within(mobs).getByRole('button', { name: 'Add another item' }));
    const tos = within(mobs).getAllByLabelText('To') as HTMLSelectElement[];
    const froms = within(mobs).getAllByLabelText('From') as HTMLSelectElement[];
    expect(tos.map((s) => [s.value, s.disabled])).toEqual([
      ['bc', false],
      ['bc', true],
    ]);
    expect(froms.map((s) => [s.value, s.disabled])).toEqual([
      ['on', false],
      ['on', true],
    ]);
    await userEvent.selectOptions(tos[0] as HTMLSelectElement, 'ab');
    await userEvent.selectOptions(froms[0] as HTMLSelectElement, 'qc');
    expect((within(mobs).getAllByLabelText('To') as HTMLSelectElement[]).map((s) => s.value)).toEqual([
      'ab',
      'ab',
    ]);
    expect((within(mobs).getAllByLabelText('From') as HTMLSelectElement[]).map((s) => s.value)).toEqual([
      'qc',
      'qc',
    ]);
  });

  it('publishes after the confirmation, alerts, and goes to /agency', async () => {
    const bodies: unknown[] = [];
    setup(mine(), {
      '/v1/sitrep/national/publish': (_url, init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return json(saveResult({ status: 'PUBLISHED', is_published: true, claimed_by: null }));
      },
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { router } = renderApp('/agency/national', { user: ciffcUser });
    await userEvent.click(await screen.findByRole('button', { name: 'Publish' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to publish this data?');
    await waitFor(() => expect(router.state.location.pathname).toBe('/agency'));
    expect(alert).toHaveBeenCalledWith('Data synced with server. The action has been successfully saved.');
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ preparedness_level: '2', version_number: 4 });
  });

  it('warns before publishing when only the English summary was changed, and publishes nothing on no', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const bodies: unknown[] = [];
    setup(mine(), {
      '/v1/sitrep/national/publish': (_url, init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return json(saveResult({ status: 'PUBLISHED', is_published: true, claimed_by: null }));
      },
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderApp('/agency/national', { user: ciffcUser });
    const english = (await screen.findByLabelText('National summary (English)')) as HTMLTextAreaElement;
    await waitFor(() => expect(english.disabled).toBe(false));
    await userEvent.type(english, ' Rain on Friday.');
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(confirm).toHaveBeenCalledWith(
      'The English summary was changed but the French summary was not: it still says what it said before. Are you sure you want to publish this data?',
    );
    expect(bodies).toHaveLength(0);
  });
});

describe('national numbers are read as typed or refused with a message', () => {
  const described = (el: HTMLElement) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' | ');
  const typeInto = async (el: HTMLElement, text: string) => {
    await userEvent.clear(el);
    await userEvent.type(el, text);
    await userEvent.tab();
  };

  it('refuses "12,5" in a French grid cell and US fires with a text beside each, and sends neither', async () => {
    // No 5 s tick during the slow typing: the only send is Pause's (a tick would send the acres early).
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const posted: Record<string, unknown>[] = [];
    setup(mine({ us_fires: 3 }), {
      '/v1/sitrep/national': (_url, init) => {
        if (init?.method !== 'POST') return json(mine({ us_fires: 3 }));
        posted.push(JSON.parse(String(init.body)));
        return json(saveResult());
      },
      '/v1/sitrep/national/release': () => json({ ...saveResult(), claimed_by: null, claimed_by_name: null }),
    });
    renderApp('/agency/national', { user: ciffcUser, locale: 'fr' });
    const fires = (await screen.findByLabelText('Feux d’hier')) as HTMLInputElement;
    await waitFor(() => expect(fires.disabled).toBe(false));
    await typeInto(fires, '12,5');
    await waitFor(() => expect(described(fires)).toContain('Un nombre entier est attendu.'));
    const cell = document.querySelector('input[name="national_to_mobs.UC20.ab"]') as HTMLInputElement;
    await typeInto(cell, '12,5');
    expect(described(cell)).toContain('Un nombre entier est attendu.');
    expect(cell.getAttribute('aria-invalid')).toBe('true');
    const acres = screen.getByLabelText('Acres d’hier') as HTMLInputElement;
    await typeInto(acres, '1 234,5');
    expect(described(acres)).toContain('Lu : 1\u00a0234,5');
    await userEvent.click(screen.getByRole('button', { name: 'Suspendre la modification' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    // The refused values keep their saved 3 and 2; the acres are sent as read.
    expect(posted[0]).toMatchObject({
      us_fires: 3,
      us_acres: 1234.5,
      national_to_mobs: { UC20: { ab: 2 } },
    });
  });

  it('reads "1,234" acres on the English page and says so; a grid cell beyond its bound gives the range', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const posted: Record<string, unknown>[] = [];
    setup(mine(), {
      '/v1/sitrep/national': (_url, init) => {
        if (init?.method !== 'POST') return json(mine());
        posted.push(JSON.parse(String(init.body)));
        return json(saveResult());
      },
      '/v1/sitrep/national/release': () => json({ ...saveResult(), claimed_by: null, claimed_by_name: null }),
    });
    renderApp('/agency/national', { user: ciffcUser });
    const acres = (await screen.findByLabelText('Acres Yesterday')) as HTMLInputElement;
    await waitFor(() => expect(acres.disabled).toBe(false));
    await typeInto(acres, '1,234');
    expect(described(acres)).toContain('Read as 1,234');
    const fires = screen.getByLabelText('Fires Yesterday') as HTMLInputElement;
    await typeInto(fires, 'many');
    await waitFor(() => expect(described(fires)).toContain('Not a number: type digits only.'));
    const cell = document.querySelector('input[name="national_to_mobs.UC20.ab"]') as HTMLInputElement;
    await typeInto(cell, '99999999999999');
    expect(described(cell)).toContain('Must be between 0 and 100,000.');
    expect(await screen.findByText(/^This field has an error: its value is not sent/)).toBeTruthy();
    // A negative count is marked invalid with the text saying why, beside the cell itself.
    await typeInto(cell, '-2');
    expect(cell.getAttribute('aria-invalid')).toBe('true');
    expect(described(cell)).toContain('Must be between 0 and 100,000.');
  });
});
