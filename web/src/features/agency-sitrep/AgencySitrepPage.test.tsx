import { catalogueOptions } from '@ciffc/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { installFetch, json } from '../../test/fakeFetch.ts';
import { agencyUser, ciffcUser, renderApp } from '../../test/render.tsx';

const status = {
  agency: 'ab',
  status: 'E',
  version_number: 4,
  locked: false,
  edited_by: 'ab',
  claimed_by: null,
  claimed_by_name: null,
  claim_expires_at: null,
  last_edit: '2025-07-01T15:00:00.000Z',
  approved_version: 3,
  published_version: 3,
  has_dip_feed: false,
  validationErrors: {},
};

const draft = (over: Record<string, unknown> = {}) => ({
  ...status,
  variant: 'draft',
  en_ops_summary: 'Hot and dry',
  fr_ops_summary: 'Chaud et sec',
  a_ltg: 3,
  a_hum: 4,
  a_oth: 1,
  b_oc: 5,
  b_bh: 2,
  b_uc: 1,
  b_total_out: 10,
  b_active_hectares: 120.5,
  b_out_hectares: 30.2,
  priority_fires: [],
  fire_options: {},
  previous: { priority_fires: [] },
  ...over,
});

function handlers(
  doc: Record<string, unknown>,
  extra: Record<string, (url: URL, init?: RequestInit) => Response> = {},
) {
  return {
    '/v1/sitrep/agency': (_url: URL, init?: RequestInit) =>
      init?.method === 'POST' ? json({ ...status, version_number: 5, validationErrors: {} }) : json(doc),
    '/v1/sitrep/stats/agency': () =>
      json({ items: [{ ...status, sections_with_data: 3, section_count: 13 }] }),
    '/v1/resource/options': () => json(catalogueOptions('en')),
    ...extra,
  };
}

describe('agency sitrep input', () => {
  it('leads an agency user from /agency/sitrep to its own sitrep, with every section and live totals', async () => {
    installFetch(handlers(draft()));
    const { router } = renderApp('/agency/sitrep', { user: agencyUser('ab') });
    expect(await screen.findByRole('heading', { name: 'Operations summary' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/agency/sitrep/ab');
    for (const name of [
      'New fires yesterday',
      'Full response',
      'Priority fires',
      'Preparedness',
      'Resource availability',
    ])
      expect(screen.getByRole('heading', { name })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Total new fires' }).textContent).toBe('8');
    expect(screen.getByRole('status', { name: 'Total fires' }).textContent).toBe('18');
    expect(screen.getByRole('status', { name: 'Total area (ha)' }).textContent).toBe('150.7');
    expect(screen.getByRole('status', { name: 'Suggested preparedness level' }).textContent).toBe(
      'Complete Choices Above',
    );
    // An agency user sees the box of its language only; every field is disabled until Start Editing.
    expect(document.querySelector('textarea[name="fr_ops_summary"]')).toBeNull();
    const lightning = document.querySelector('input[name="a_ltg"]') as HTMLInputElement;
    expect(lightning.disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy();
  });

  it('claims on Start Editing, flags browser-invalid values and blocks the sync, then syncs valid changes', async () => {
    const { calls } = installFetch(
      handlers(draft(), {
        '/v1/sitrep/agency/claim': () => json({ ...status, claimed_by: 1, claimed_by_name: 'ab' }),
      }),
    );
    renderApp('/agency/sitrep/ab', { user: agencyUser('ab') });
    await userEvent.click(await screen.findByRole('button', { name: 'Start Editing' }));
    expect(await screen.findByRole('button', { name: 'Pause Edit' })).toBeTruthy();
    const hum = screen.getByLabelText('Human') as HTMLInputElement;
    fireEvent.change(hum, { target: { value: '-2' } });
    fireEvent.blur(hum);
    expect(await screen.findByText('Invalid value.')).toBeTruthy();
    expect(hum.getAttribute('aria-describedby')).toBe('as-a_hum-error');
    expect(
      await screen.findByText(
        'This data has one or more validation errors; please review it. Your data will not be synced with the server until all issues are resolved.',
      ),
    ).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Blocked' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(hum, { target: { value: '6' } });
    fireEvent.blur(hum);
    await waitFor(() => expect(screen.queryByText('Invalid value.')).toBeNull());
    expect(screen.getByRole('status', { name: 'Total new fires' }).textContent).toBe('10');
    // The 5-second tick sends the whole form with the version it is based on.
    await waitFor(
      () => {
        const save = calls.find((c) => c.url.pathname === '/v1/sitrep/agency' && c.init?.method === 'POST');
        expect(save).toBeDefined();
        expect(JSON.parse(String(save?.init?.body))).toMatchObject({ a_hum: 6, version_number: 4 });
      },
      { timeout: 8000 },
    );
    expect(await screen.findByText('Data synced with server.')).toBeTruthy();
  }, 15_000);

  it('shows Edit Locked by agency to CIFFC, both language boxes, and Approved / Not Approved by status', async () => {
    installFetch(handlers(draft({ status: 'A', locked: true, claimed_by: 1, claimed_by_name: 'ab' })));
    renderApp('/agency/sitrep/ab', { user: ciffcUser });
    const locked = await screen.findByRole('button', { name: /Edit Locked/ });
    expect((locked as HTMLButtonElement).disabled).toBe(true);
    expect(locked.textContent).toContain('by agency');
    expect(document.querySelector('textarea[name="fr_ops_summary"]')).not.toBeNull();
    expect((screen.getByRole('button', { name: 'Approved' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Not Approved' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('says there is no data to bring forward, and asks before deleting an item', async () => {
    installFetch(
      handlers(draft({ claimed_by: 1, claimed_by_name: 'ab', priority_fires: [{ fires: 'G1' }] })),
    );
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderApp('/agency/sitrep/ab', { user: agencyUser('ab') });
    // The claim is already this user's: editing resumes by itself.
    expect(await screen.findByRole('button', { name: 'Pause Edit' })).toBeTruthy();
    await userEvent.click(screen.getAllByRole('button', { name: 'Bring forward' })[1] as HTMLElement);
    expect(alert).toHaveBeenCalledWith('There is no data to bring forward.');
    await userEvent.click(screen.getByRole('button', { name: 'Remove: G1' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this item?');
    expect((document.querySelector('input[name="priority_fires.0.fires"]') as HTMLInputElement).value).toBe(
      'G1',
    );
  });
});
