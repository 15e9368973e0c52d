import { catalogueOptions, emptyNationalDraft } from '@ciffc/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { installFetch, json } from '../../test/fakeFetch.ts';
import { agencyUser, ciffcUser, renderApp } from '../../test/render.tsx';

const draft = (over: Record<string, unknown> = {}) => ({
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

function setup(current: Record<string, unknown>) {
  const calls: string[] = [];
  installFetch({
    '/v1/resource/options': () => json(catalogueOptions('en')),
    '/v1/duty-officers': () => json({ items: [{ name: 'Sam Okafor', phone: null }] }),
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
  });
  return calls;
}

describe('national sitrep input', () => {
  it('sends anonymous visitors to /login and agency users to /agency', async () => {
    setup(draft());
    const anonymous = renderApp('/agency/national');
    await waitFor(() => expect(anonymous.router.state.location.pathname).toBe('/login'));
    anonymous.unmount();
    const agency = renderApp('/agency/national', { user: agencyUser('ab') });
    await waitFor(() => expect(agency.router.state.location.pathname).toBe('/agency'));
  });

  it('shows the read-only grids until Start Editing, then totals a row live, blanks as 0', async () => {
    const calls = setup(draft());
    renderApp('/agency/national', { user: ciffcUser });
    const to = await screen.findByRole('table', { name: 'To' });
    const cell = within(to).getByLabelText(/UC20|Type 1 unit crew.*, AB/);
    expect((cell as HTMLInputElement).disabled).toBe(true);
    expect(within(to).getByLabelText(/^Total, /).textContent).toBe('3');
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
});
