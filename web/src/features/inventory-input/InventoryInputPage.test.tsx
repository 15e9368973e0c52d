import { catalogueOptions } from '@ciffc/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { installFetch, json } from '../../test/fakeFetch.ts';
import { agencyUser, ciffcUser, renderApp } from '../../test/render.tsx';

const saved = {
  agency: 'ab',
  inventory: [
    {
      id: 'r1',
      resources: { category: 'equipment', subcategory: 'pumps', item: 'MK3' },
      seasonal: 30,
      exportable: 10,
      is_new: 0,
    },
  ],
  inventory_to_remove: [],
  locked: false,
  version_number: 1,
  last_update: null,
};

function setup(input = saved) {
  const posted: { path: string; body: unknown }[] = [];
  const record = (path: string) => (_url: URL, init: RequestInit | undefined) => {
    posted.push({ path, body: JSON.parse(String(init?.body)) });
    return json({ locked: false, validationErrors: {}, version_number: 2 });
  };
  installFetch({
    '/v1/resource/options': () => json(catalogueOptions('en')),
    '/v1/inventory/input': (url, init) =>
      init?.method === 'POST' ? record('validate')(url, init) : json(input),
    '/v1/inventory/input/save': record('save'),
  });
  return posted;
}

describe('inventory input', () => {
  it('adds a row, removes a saved one after confirmation and saves both, then goes to /agency', async () => {
    const posted = setup();
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { router } = renderApp('/agency/inventory/input', { user: agencyUser('ab') });
    const first = await screen.findByRole('group', { name: 'Item 1' });
    await waitFor(() =>
      expect((within(first).getByLabelText('Item') as HTMLSelectElement).value).toBe('MK3'),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Add another item' }));
    const second = screen.getByRole('group', { name: 'Item 2' });
    // An incomplete row blocks saving.
    expect(screen.getByRole('button', { name: 'Blocked' })).toHaveProperty('disabled', true);
    expect(within(second).getAllByText('This field is required.')).toHaveLength(3);
    await userEvent.selectOptions(within(second).getByLabelText('Category'), 'aircraft');
    await userEvent.selectOptions(within(second).getByLabelText('Subcategory'), 'rotary-wing');
    await userEvent.selectOptions(within(second).getByLabelText('Item'), 'HM');
    const seasonal = within(second).getByLabelText('Seasonal');
    await userEvent.clear(seasonal);
    await userEvent.type(seasonal, '4');
    await userEvent.tab();

    await userEvent.click(within(first).getByRole('button', { name: /Remove/ }));
    expect(window.confirm).toHaveBeenCalledWith('Are you sure you want to delete this item?');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/agency'));
    expect(alert).toHaveBeenCalledWith('Data synced with server. The action has been successfully saved.');
    const save = posted.find((p) => p.path === 'save')?.body as {
      inventory: unknown[];
      inventory_to_remove: { id: string }[];
    };
    expect(save.inventory).toEqual([
      expect.objectContaining({
        resources: { category: 'aircraft', subcategory: 'rotary-wing', item: 'HM' },
        seasonal: 4,
        exportable: 0,
        is_new: 1,
      }),
    ]);
    expect(save.inventory_to_remove.map((r) => r.id)).toEqual(['r1']);
    expect(posted.some((p) => p.path === 'validate')).toBe(true);
  });

  it('shows the lock notice and a Blocked save button when the server says locked', async () => {
    setup({ ...saved, locked: true });
    renderApp('/agency/inventory/input', { user: agencyUser('ab') });
    expect(await screen.findByText('This data is locked and currently cannot be edited.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Blocked' })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Add another item' })).toBeNull();
  });

  it('disables Save with no rows, and sends the national centre to /agency', async () => {
    setup({ ...saved, inventory: [] });
    renderApp('/agency/inventory/input', { user: agencyUser('ab') });
    expect(await screen.findByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
  });

  it('is for agency users only', async () => {
    setup();
    const { router } = renderApp('/agency/inventory/input', { user: ciffcUser });
    await waitFor(() => expect(router.state.location.pathname).toBe('/agency'));
  });
});
