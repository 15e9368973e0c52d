import {
  catalogueOptions,
  fieldError,
  type InventoryForm,
  type InventoryInput,
  type InventoryResult,
  type ResourceOptions,
} from '@ciffc/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { installFetch, json, type Typed } from '../../test/fake-fetch.ts';
import { agencyUser, ciffcUser, renderApp } from '../../test/render.tsx';

const saved: InventoryInput = {
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

const ok = () => json<InventoryResult>({ locked: false, validationErrors: {}, version_number: 2 });
const TOAST = 'Not saved: Save is blocked until the errors are fixed.';

function setup(
  input = saved,
  answers: { validate?: () => Typed<InventoryResult>; save?: () => Typed<InventoryResult> } = {},
) {
  const posted: { path: string; body: unknown }[] = [];
  const record = (path: 'validate' | 'save') => (_url: URL, init: RequestInit | undefined) => {
    posted.push({ path, body: JSON.parse(String(init?.body)) });
    return (answers[path] ?? ok)();
  };
  installFetch({
    '/v1/resource/options': () => json<ResourceOptions>(catalogueOptions('en')),
    '/v1/inventory/input': (url, init) =>
      init?.method === 'POST' ? record('validate')(url, init) : json(input),
    '/v1/inventory/input/save': record('save'),
  });
  return posted;
}

describe('inventory input', () => {
  it('says so when the connection drops with changes not saved, and when it returns', async () => {
    setup();
    renderApp('/agency/inventory/input', { user: agencyUser('ab') });
    await screen.findByRole('group', { name: 'Item 1' });
    await userEvent.click(screen.getByRole('button', { name: 'Add another item' }));
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    expect(await screen.findByText(/^Offline\. Your changes stay on this page/)).toBeTruthy();
    online.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(screen.queryByText(/^Offline\./)).toBeNull());
  });

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
    // An incomplete row blocks saving, but its fields say nothing before the user leaves them (5.1).
    expect(screen.getByRole('button', { name: 'Blocked' })).toHaveProperty('disabled', true);
    expect(within(second).queryAllByText('This field is required.')).toHaveLength(0);
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

  it('keeps the rows when the session lapses: a 401 asks to sign in here, then saves them on the same base', async () => {
    let refuse = true;
    vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { calls } = installFetch({
      '/v1/resource/options': () => json<ResourceOptions>(catalogueOptions('en')),
      '/v1/inventory/input': (_url, init) => (init?.method === 'POST' ? ok() : json(saved)),
      '/v1/inventory/input/save': () =>
        refuse
          ? json({ statusCode: 401, error: 'Unauthorized', message: 'Missing or invalid credentials' }, 401)
          : ok(),
      '/api/auth/local': () => json({ jwt: 'fresh-token', user: agencyUser('ab') }),
      '/api/users/me': () => json(agencyUser('ab')),
    });
    const isSave = (c: { url: URL }) => c.url.pathname === '/v1/inventory/input/save';
    const { router } = renderApp('/agency/inventory/input', { user: agencyUser('ab') });
    const first = await screen.findByRole('group', { name: 'Item 1' });
    const seasonal = within(first).getByLabelText('Seasonal');
    await userEvent.clear(seasonal);
    await userEvent.type(seasonal, '31');
    await userEvent.tab();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog', { name: 'Your session has ended' });
    expect((within(first).getByLabelText('Seasonal') as HTMLInputElement).value).toBe('31');
    expect(router.state.location.pathname).toBe('/agency/inventory/input');
    refuse = false;
    await userEvent.type(within(dialog).getByLabelText('Password'), 'secret');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign in and send my changes' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/agency'));
    const resent = calls.filter(isSave);
    expect(resent).toHaveLength(2);
    expect(JSON.parse(String(resent[1]?.init?.body))).toMatchObject({
      version_number: 1,
      inventory: [expect.objectContaining({ id: 'r1', seasonal: 31 })],
    });
    expect(new Headers(resent[1]?.init?.headers).get('authorization')).toBe('Bearer fresh-token');
  });

  it('checks a field when it is left: the messages show and the validation toast appears (5.1)', async () => {
    const posted = setup();
    renderApp('/agency/inventory/input', { user: agencyUser('ab') });
    await screen.findByRole('group', { name: 'Item 1' });
    await userEvent.click(screen.getByRole('button', { name: 'Add another item' }));
    const second = screen.getByRole('group', { name: 'Item 2' });
    expect(screen.queryByText(TOAST)).toBeNull();

    // Through the picker without choosing anything, on to Seasonal: the picker was left.
    await userEvent.click(within(second).getByLabelText('Category'));
    await userEvent.click(within(second).getByLabelText('Seasonal'));
    expect(within(second).getAllByText('This field is required.')).toHaveLength(3);
    expect(await screen.findByText(TOAST)).toBeTruthy();

    // Emptying a count and leaving it: its own message, and nothing was sent to the server.
    await userEvent.clear(within(second).getByLabelText('Seasonal'));
    await userEvent.tab();
    expect(within(second).getAllByText('This field is required.')).toHaveLength(4);
    expect(screen.getByRole('button', { name: 'Blocked' })).toHaveProperty('disabled', true);
    expect(posted.filter((p) => p.path === 'validate')).toHaveLength(0);
  });

  it("shows the server's row-index errors of validate in that row and blocks Save", async () => {
    const posted = setup(saved, {
      validate: () =>
        json(
          {
            statusCode: 400,
            error: 'Bad Request',
            message: 'Invalid inventory: inventory.1.seasonal',
            code: 'inventory.invalid',
            params: { fields: 'inventory.1.seasonal' },
            locked: false,
            validationErrors: {
              'inventory.1.seasonal': fieldError('field.between', { min: 0, max: 1_000_000 }),
            },
          },
          400,
        ),
    });
    renderApp('/agency/inventory/input', { user: agencyUser('ab') });
    const first = await screen.findByRole('group', { name: 'Item 1' });
    await waitFor(() =>
      expect((within(first).getByLabelText('Item') as HTMLSelectElement).value).toBe('MK3'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add another item' }));
    const second = screen.getByRole('group', { name: 'Item 2' });
    await userEvent.selectOptions(within(second).getByLabelText('Category'), 'aircraft');
    await userEvent.selectOptions(within(second).getByLabelText('Subcategory'), 'rotary-wing');
    await userEvent.selectOptions(within(second).getByLabelText('Item'), 'HM');
    const seasonal = within(second).getByLabelText('Seasonal');
    await userEvent.clear(seasonal);
    await userEvent.type(seasonal, '7');
    await userEvent.tab();

    expect(await within(second).findByText('Must be between 0 and 1,000,000')).toBeTruthy();
    expect(within(first).queryByText('Must be between 0 and 1,000,000')).toBeNull();
    expect(screen.getByRole('button', { name: 'Blocked' })).toHaveProperty('disabled', true);
    expect(await screen.findByText(TOAST)).toBeTruthy();
    // The request the server judged: row 1 is the saved row, row 2 (index 1) the new one.
    const sent = posted.filter((p) => p.path === 'validate').at(-1)?.body as InventoryForm;
    expect(sent.inventory.map((r) => [r.id, r.resources.item, r.seasonal, r.exportable, r.is_new])).toEqual([
      ['r1', 'MK3', 30, 10, 0],
      [undefined, 'HM', 7, 0, 1],
    ]);
    expect(sent.inventory_to_remove).toEqual([]);
  });

  it("shows the server's row-index errors of a refused save in that row and blocks Save", async () => {
    const posted = setup(saved, {
      save: () =>
        json(
          {
            statusCode: 400,
            error: 'Bad Request',
            message: 'Invalid inventory: inventory.0.exportable',
            code: 'inventory.invalid',
            params: { fields: 'inventory.0.exportable' },
            locked: false,
            validationErrors: { 'inventory.0.exportable': fieldError('field.exportable_above_seasonal') },
          },
          400,
        ),
    });
    const { router } = renderApp('/agency/inventory/input', { user: agencyUser('ab') });
    const first = await screen.findByRole('group', { name: 'Item 1' });
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));

    expect(await within(first).findByText('Exportable cannot be more than seasonal.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Blocked' })).toHaveProperty('disabled', true);
    expect(await screen.findByText(TOAST)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/agency/inventory/input');
    const sent = posted.find((p) => p.path === 'save')?.body as InventoryForm;
    expect(sent.inventory).toEqual([
      expect.objectContaining({ id: 'r1', seasonal: 30, exportable: 10, is_new: 0 }),
    ]);
  });

  it("shows the server's inventory rule in French on the French page", async () => {
    setup(saved, {
      save: () =>
        json(
          {
            statusCode: 400,
            error: 'Bad Request',
            message: 'Invalid inventory: inventory.0.exportable',
            code: 'inventory.invalid',
            params: { fields: 'inventory.0.exportable' },
            locked: false,
            validationErrors: { 'inventory.0.exportable': fieldError('field.exportable_above_seasonal') },
          },
          400,
        ),
    });
    renderApp('/agency/inventory/input', { user: agencyUser('ab'), locale: 'fr' });
    await userEvent.click(await screen.findByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('L’exportable ne peut pas dépasser le saisonnier.')).toBeTruthy();
    expect(screen.queryByText('Exportable cannot be more than seasonal.')).toBeNull();
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

describe('inventory numbers are read as typed or refused with a message', () => {
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

  it('refuses "12,5" in a French count with its message and blocks Save; reads "1 234"', async () => {
    const posted = setup();
    renderApp('/agency/inventory/input', { user: agencyUser('ab'), locale: 'fr' });
    const first = await screen.findByRole('group', { name: 'Article 1' });
    const seasonal = within(first).getByLabelText('Saisonnier') as HTMLInputElement;
    await typeInto(seasonal, '12,5');
    expect(seasonal.value).toBe('12,5');
    expect(described(seasonal)).toContain('Un nombre entier est attendu.');
    expect(screen.getByRole('button', { name: 'Bloqué' })).toHaveProperty('disabled', true);
    await typeInto(seasonal, '1 234');
    expect(described(seasonal)).toContain('Lu : 1\u00a0234');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(posted.some((p) => p.path === 'save')).toBe(true));
    const save = posted.find((p) => p.path === 'save')?.body as InventoryForm;
    expect(save.inventory[0]?.seasonal).toBe(1234);
  });

  it('refuses text and a count beyond its bound on the English page, and sends nothing', async () => {
    const posted = setup();
    renderApp('/agency/inventory/input', { user: agencyUser('ab') });
    const first = await screen.findByRole('group', { name: 'Item 1' });
    const seasonal = within(first).getByLabelText('Seasonal') as HTMLInputElement;
    await typeInto(seasonal, '12,5');
    expect(described(seasonal)).toContain('Not a number: type digits only.');
    await typeInto(seasonal, '99999999999999');
    expect(described(seasonal)).toContain('Must be between 0 and 1,000,000.');
    expect(await screen.findByText(TOAST)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Blocked' })).toHaveProperty('disabled', true);
    expect(posted.filter((p) => p.path === 'save')).toHaveLength(0);
  });
});
