import {
  type AgencySitrepResponse,
  boundsOf,
  CENTRE_TIME_ZONE,
  catalogueOptions,
  fieldError,
  isoDateInZone,
  REPORT_FIELD_CODES,
  REPORT_LISTS,
  REPORT_ROW_FIELDS,
  REPORT_TEXT_CODES,
  REPORT_TEXT_FIELDS,
  type ResourceOptions,
  type RowFieldSpec,
  type SitrepStatusFields,
  SYNC_INTERVAL_MS,
  withSectionSlots,
} from '@ciffc/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFetch, json, type Routes, type Typed } from '../../test/fake-fetch.ts';
import { agencyUser, ciffcUser, renderApp } from '../../test/render.tsx';

const status: SitrepStatusFields = {
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
  submitted_version: null,
  changed_since_submitted: false,
  rejected_version: null,
  rejected_reason: null,
  validationErrors: {},
};

const draft = (over: Partial<AgencySitrepResponse> = {}): AgencySitrepResponse => ({
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

function handlers(doc: AgencySitrepResponse, extra: Routes = {}): Routes {
  return {
    '/v1/sitrep/agency': (_url: URL, init?: RequestInit) =>
      init?.method === 'POST' ? json({ ...status, version_number: 5, validationErrors: {} }) : json(doc),
    '/v1/sitrep/stats/agency': () =>
      json({ items: [{ ...status, sections_with_data: 3, section_count: 13 }] }),
    '/v1/resource/options': () => json<ResourceOptions>(catalogueOptions('en')),
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
    // An agency user sees both operations-summary boxes (switching language hides nothing it wrote);
    // every field is disabled until Start Editing.
    expect(document.querySelector('textarea[name="fr_ops_summary"]')).not.toBeNull();
    expect(document.querySelector('textarea[name="en_ops_summary"]')).not.toBeNull();
    const lightning = document.querySelector('input[name="a_ltg"]') as HTMLInputElement;
    expect(lightning.disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy();
  });

  it('claims on Start Editing, flags browser-invalid values and blocks the sync, then syncs valid changes', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
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
    expect(await screen.findByText('Must be between 0 and 50,000.')).toBeTruthy();
    expect(hum.getAttribute('aria-describedby')).toBe('as-a_hum-error');
    expect(await screen.findByText(/^This field has an error: its value is not sent/)).toBeTruthy();
    // Refused with its reason, yet focusable: a disabled button would drop the keyboard focus.
    const blocked = screen.getByRole('button', { name: 'Blocked' });
    expect([blocked.getAttribute('aria-disabled'), (blocked as HTMLButtonElement).disabled]).toEqual([
      'true',
      false,
    ]);
    await tick();
    expect(calls.filter(isSave)).toHaveLength(0);
    fireEvent.change(hum, { target: { value: '6' } });
    fireEvent.blur(hum);
    await waitFor(() => expect(screen.queryByText('Must be between 0 and 50,000.')).toBeNull());
    expect(screen.getByRole('status', { name: 'Total new fires' }).textContent).toBe('10');
    // The 5-second tick sends the whole form with the version it is based on.
    await tick();
    await waitFor(() => expect(calls.filter(isSave)).toHaveLength(1));
    expect(JSON.parse(String(calls.find(isSave)?.init?.body))).toMatchObject({ a_hum: 6, version_number: 4 });
    expect(await screen.findByText('Data synced with server.')).toBeTruthy();
  });

  it('has an input for every number of the field registry, refusing on the page a value above its bound', async () => {
    installFetch(
      handlers(draft(), {
        '/v1/sitrep/agency/claim': () => json({ ...status, claimed_by: 1, claimed_by_name: 'ab' }),
      }),
    );
    renderApp('/agency/sitrep/ab', { user: agencyUser('ab') });
    await userEvent.click(await screen.findByRole('button', { name: 'Start Editing' }));
    expect(await screen.findByRole('button', { name: 'Pause Edit' })).toBeTruthy();
    for (const code of REPORT_FIELD_CODES) {
      const { max } = boundsOf(code);
      typeAndLeave(code, String(max + 1));
      await waitFor(() =>
        expect(document.getElementById(`as-${code}-error`)?.textContent, code).toContain(
          `Must be between 0 and ${max.toLocaleString('en-CA')}`,
        ),
      );
    }
  });

  it('has an input for every text of the field registry, taking no more characters than the server keeps', async () => {
    installFetch(handlers(draft({ status: 'A' })));
    // The centre sees both language boxes of the operations summary.
    renderApp('/agency/sitrep/ab', { user: ciffcUser });
    await screen.findByRole('heading', { name: 'Operations summary' });
    const taken = REPORT_TEXT_CODES.map((code) => {
      const input = document.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${code}"]`);
      return [code, input?.maxLength];
    });
    expect(taken).toEqual(REPORT_TEXT_CODES.map((code) => [code, REPORT_TEXT_FIELDS[code].maxLength]));
  });

  it('shows and reads the French decimal comma in decimal fields, and sends the number', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { calls } = installFetch(
      handlers(draft(), {
        '/v1/sitrep/agency/claim': () => json({ ...status, claimed_by: 1, claimed_by_name: 'ab' }),
      }),
    );
    renderApp('/agency/sitrep/ab', { user: agencyUser('ab'), locale: 'fr' });
    await userEvent.click(await screen.findByRole('button', { name: 'Commencer la modification' }));
    const active = document.querySelector('input[name="b_active_hectares"]') as HTMLInputElement;
    await waitFor(() => expect(active.disabled).toBe(false));
    // Shown as a French user writes it, not the browser's "120.5".
    expect(active.value).toBe('120,5');
    fireEvent.change(active, { target: { value: '14445,9' } });
    fireEvent.blur(active);
    expect(active.value).toBe('14445,9');
    expect(active.getAttribute('aria-invalid')).toBeNull();
    await tick();
    await waitFor(() => expect(calls.filter(isSave)).toHaveLength(1));
    expect(JSON.parse(String(calls.find(isSave)?.init?.body))).toMatchObject({ b_active_hectares: 14445.9 });
    // Text that is no number is flagged like the browser's own number fields.
    fireEvent.change(active, { target: { value: '12,3,4' } });
    fireEvent.blur(active);
    expect(
      await screen.findByText(
        'Ce n’est pas un nombre : tapez des chiffres, avec une virgule pour les décimales.',
      ),
    ).toBeTruthy();
  });

  it('shows the server field errors in French on the French page, from their codes and params', async () => {
    installFetch(
      handlers(
        draft({
          a_hum: -1,
          // As the server sends them: the field's code with its bounds, and its section's.
          validationErrors: withSectionSlots({ a_hum: fieldError('field.between', { min: 0, max: 50_000 }) }),
        }),
      ),
    );
    renderApp('/agency/sitrep/ab', { user: agencyUser('ab'), locale: 'fr' });
    // The bound in French number format (its no-break space reads as a space to the matcher).
    expect(await screen.findByText('Doit être entre 0 et 50 000')).toBeTruthy();
    expect(screen.getByText('Cette section contient 1 erreur de validation.')).toBeTruthy();
    expect(screen.queryByText(/Must be between/)).toBeNull();
  });

  it('shows Edit Locked by agency to CIFFC, both language boxes, and Approved / Not Approved by status', async () => {
    installFetch(handlers(draft({ status: 'A', locked: true, claimed_by: 1, claimed_by_name: 'ab' })));
    renderApp('/agency/sitrep/ab', { user: ciffcUser });
    const locked = await screen.findByRole('button', { name: /Edit Locked/ });
    expect((locked as HTMLButtonElement).disabled).toBe(true);
    expect(locked.textContent).toContain('by agency');
    expect(document.querySelector('textarea[name="fr_ops_summary"]')).not.toBeNull();
    // The agency holds the claim: both decisions wait, and the page says who is editing.
    expect(screen.getByText(/^ab is editing this report: Approved and Not Approved wait/)).toBeTruthy();
    const notApproved = screen.getByRole('button', { name: 'Not Approved' });
    expect(screen.getByRole('button', { name: 'Approved' }).getAttribute('aria-disabled')).toBe('true');
    expect(notApproved.getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(notApproved);
    const refusal = document.querySelector('.sitrep-action-refusal');
    expect(refusal?.getAttribute('role')).toBe('status');
    expect(refusal?.textContent).toMatch(/^ab is editing this report/);
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

/** The draft already claimed by this user (editing resumes by itself), with the tick under test control. */
const mine = (over: Partial<AgencySitrepResponse> = {}) =>
  draft({ claimed_by: 1, claimed_by_name: 'ab', ...over });

const isSave = (c: { url: URL; init?: RequestInit | undefined }) =>
  c.url.pathname === '/v1/sitrep/agency' && c.init?.method === 'POST';

/** One 5-second tick of the sync cycle (only setInterval is faked: fetches and toasts run for real). */
async function tick() {
  await act(async () => {
    vi.advanceTimersByTime(SYNC_INTERVAL_MS);
  });
}

function input(name: string) {
  const el = document.querySelector(`[name="${name}"]`);
  if (!el) throw new Error(`no field ${name}`);
  return el as HTMLInputElement;
}

const typeAndLeave = (name: string, value: string) => {
  fireEvent.change(input(name), { target: { value } });
  fireEvent.blur(input(name));
};

const resources = { category: 'crews', subcategory: 'type-1-unit-crew', item: 'UC20' };

describe('list rows', () => {
  it('take each typed field’s bounds from the row registry: a number beyond them refused on the page, a text no longer', async () => {
    const mob = { group: 'g1', to: 'bc', from: 'ab', resources: { ...resources, amount: 2 } };
    installFetch(
      handlers(
        mine({
          priority_fires: [{ fires: 'G1' }],
          mobs_grouped: [mob],
          mobs: [mob],
          demobs: [{ to: 'bc', from: 'ab', resources: { ...resources, amount: 1 } }],
          rars: [{ available: 1, resources }],
        }),
      ),
    );
    renderApp('/agency/sitrep/ab', { user: agencyUser('ab') });
    await screen.findByRole('button', { name: 'Pause Edit' });
    const checked: string[] = [];
    for (const [list, kind] of Object.entries(REPORT_LISTS)) {
      const fields: Record<string, RowFieldSpec> = REPORT_ROW_FIELDS[kind];
      for (const [path, spec] of Object.entries(fields)) {
        if (!spec.label) continue; // no input on the agency's form
        const name = `${list}.0.${path}`;
        const el = input(name);
        checked.push(name);
        if (spec.kind === 'text') {
          expect(el.maxLength, name).toBe(spec.maxLength);
        } else if (el.tagName === 'SELECT') {
          expect(el.querySelectorAll('option[value]:not([value=""])').length, name).toBe(
            spec.max - spec.min + 1,
          );
        } else {
          typeAndLeave(name, String(spec.max + 1));
          const [lo, hi] = [spec.min, spec.max].map((v) => v.toLocaleString('en-CA'));
          await waitFor(() =>
            expect(
              document.getElementById(`as-${name.replaceAll('.', '-')}-error`)?.textContent,
              name,
            ).toContain(`Must be between ${lo} and ${hi}`),
          );
        }
      }
    }
    expect(checked).toContain('priority_fires.0.percent_contained');
    expect(checked).toContain('rars.0.available');
  });
});

describe('agency sitrep sync cycle (docs/spec/data-entry.md 4.3)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('renews the claim on the tick while editing with nothing queued, and stops editing when it is lost', async () => {
    let claims = 0;
    const { calls } = installFetch(
      handlers(mine(), {
        '/v1/sitrep/agency/claim': () =>
          ++claims < 2
            ? json({ ...status, claimed_by: 1, claimed_by_name: 'ab' })
            : json(
                { ...status, message: 'The sitrep is being edited by ab-2', claimed_by: 2, locked: true },
                409,
              ),
      }),
    );
    renderApp('/agency/sitrep/ab', { user: agencyUser('ab') });
    expect(await screen.findByRole('button', { name: 'Pause Edit' })).toBeTruthy();
    const statsPolls = () => calls.filter((c) => c.url.pathname === '/v1/sitrep/stats/agency').length;
    const pollsBefore = statsPolls();
    await tick();
    await vi.waitFor(() => expect(claims).toBe(1));
    expect(calls.filter(isSave)).toHaveLength(0);
    // While editing the states list is not polled: the claim is what keeps the lease.
    expect(statsPolls()).toBe(pollsBefore);
    await tick();
    await vi.waitFor(() => expect(claims).toBe(2));
    // Another user holds it now: editing is off and the form locked.
    expect(await screen.findByRole('button', { name: /Edit Locked/ })).toBeTruthy();
    expect(input('a_ltg').disabled).toBe(true);
  });

  it('lets a newer sync cancel the one in flight', async () => {
    const signals: AbortSignal[] = [];
    const bodies: Record<string, unknown>[] = [];
    const { calls } = installFetch(
      handlers(mine(), {
        '/v1/sitrep/agency': (_url, init) => {
          if (init?.method !== 'POST') return json(mine());
          bodies.push(JSON.parse(String(init.body)));
          const signal = init.signal as AbortSignal;
          signals.push(signal);
          if (signals.length > 1) return json({ ...status, version_number: 5 });
          // The first save hangs until it is cancelled.
          return new Promise<Typed<never>>((_, reject) =>
            signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
          );
        },
      }),
    );
    renderApp('/agency/sitrep/ab', { user: agencyUser('ab') });
    expect(await screen.findByRole('button', { name: 'Pause Edit' })).toBeTruthy();
    typeAndLeave('a_hum', '6');
    await tick();
    await vi.waitFor(() => expect(calls.filter(isSave)).toHaveLength(1));
    typeAndLeave('a_oth', '7');
    await tick();
    await vi.waitFor(() => expect(calls.filter(isSave)).toHaveLength(2));
    expect(signals[0]?.aborted).toBe(true);
    expect(bodies[1]).toMatchObject({ a_hum: 6, a_oth: 7, version_number: 4 });
    expect(await screen.findByText('Data synced with server.')).toBeTruthy();
  });

  it('names each add button and each box once, in French, so that a screen reader can tell them apart', async () => {
    const mob = { group: 'g1', to: 'bc', from: 'ab', resources: { ...resources, amount: 2 } };
    installFetch(handlers(mine({ mobs_grouped: [mob] })));
    renderApp('/agency/sitrep/ab', { user: agencyUser('ab'), locale: 'fr' });
    expect(await screen.findByRole('button', { name: 'Suspendre la modification' })).toBeTruthy();
    const adds = screen
      .getAllByRole('button', { name: /^Ajouter un autre élément/ })
      .map((b) => b.textContent ?? '');
    expect(adds.length).toBe(5);
    expect(new Set(adds).size).toBe(adds.length);
    const labels = [
      ...document.querySelectorAll(
        '.agency-sitrep input[inputmode="decimal"], .agency-sitrep input[inputmode="numeric"]',
      ),
    ]
      .map((i) => document.querySelector(`label[for="${i.id}"]`)?.textContent ?? '')
      .filter((l) => /^(Actifs|Éteints|Superficie totale)/.test(l));
    expect(labels).toContain('Actifs – Intervention modifiée');
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('asks to copy a known fire naming what it has and what it lacks, and copies its size as entered', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const option = {
      fires: 'G1',
      latitude: 50.1,
      longitude: -120.2,
      stage_of_control: 'OC',
      size: 312.75,
      incident_type: null,
      percent_contained: null,
    };
    installFetch(handlers(mine({ priority_fires: [{ fires: '' }], fire_options: { G1: option } })));
    renderApp('/agency/sitrep/ab', { user: agencyUser('ab') });
    expect(await screen.findByRole('button', { name: 'Pause Edit' })).toBeTruthy();
    fireEvent.change(input('priority_fires.0.fires'), { target: { value: 'G1' } });
    expect(confirm).toHaveBeenCalledWith(
      'Copy the latitude, longitude, stage of control and size of the known fire G1? It has no incident type or percent contained: yours stay as they are.',
    );
    await waitFor(() => expect(input('priority_fires.0.size').value).toBe('312.75'));
  });

  it('says on screen when it is offline with changes kept, and when they reached the server', async () => {
    let offline = true;
    const { calls } = installFetch(
      handlers(mine(), {
        '/v1/sitrep/agency': (_url: URL, init?: RequestInit) => {
          if (init?.method !== 'POST') return json(mine());
          if (offline) throw new TypeError('Failed to fetch');
          return json({ ...status, version_number: 5, validationErrors: {} });
        },
      }),
    );
    renderApp('/agency/sitrep/ab', { user: agencyUser('ab') });
    expect(await screen.findByRole('button', { name: 'Pause Edit' })).toBeTruthy();
    const connection = () => document.querySelector('[data-connection]');
    expect(connection()?.textContent).toBe('Editing: each change is saved on the server as you go.');
    typeAndLeave('a_hum', '6');
    expect(connection()?.getAttribute('data-connection')).toBe('unsent');
    await tick();
    await vi.waitFor(() => expect(calls.filter(isSave)).toHaveLength(1));
    await waitFor(() =>
      expect(connection()?.textContent).toBe(
        'Offline. Your changes are kept in this tab and sent when the connection returns.',
      ),
    );
    expect(connection()?.getAttribute('role')).toBe('status');
    offline = false;
    await tick();
    await waitFor(() => expect(connection()?.textContent).toMatch(/^All changes saved on the server at \d/));
  });

  it('does not send a newly added empty row; the next valid blur queues it', async () => {
    const { calls } = installFetch(handlers(mine()));
    renderApp('/agency/sitrep/ab', { user: agencyUser('ab') });
    expect(await screen.findByRole('button', { name: 'Pause Edit' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add another item – Priority fires' }));
    expect(input('priority_fires.0.fires').value).toBe('');
    await tick();
    await tick();
    expect(calls.filter(isSave)).toHaveLength(0);
    expect(screen.queryByText(/one or more validation errors/)).toBeNull();
    typeAndLeave('priority_fires.0.fires', 'G70001');
    await tick();
    await vi.waitFor(() => expect(calls.filter(isSave)).toHaveLength(1));
    const body = JSON.parse(String(calls.find(isSave)?.init?.body));
    expect(body.priority_fires).toMatchObject([{ fires: 'G70001' }]);
  });

  it('makes later rows of a group follow the first row’s To and From as it is edited', async () => {
    const row = (to: string, from: string) => ({
      group: 'g1',
      to,
      from,
      resources: { ...resources, amount: 2 },
    });
    installFetch(
      handlers(
        mine({ mobs_grouped: [row('bc', 'ab'), row('bc', 'ab'), { ...row('on', 'qc'), group: 'g2' }] }),
      ),
    );
    renderApp('/agency/sitrep/ab', { user: agencyUser('ab') });
    expect(await screen.findByRole('button', { name: 'Pause Edit' })).toBeTruthy();
    typeAndLeave('mobs_grouped.0.to', 'nt');
    typeAndLeave('mobs_grouped.0.from', 'yt');
    expect(input('mobs_grouped.1.to').value).toBe('nt');
    expect(input('mobs_grouped.1.from').value).toBe('yt');
    expect(input('mobs_grouped.1.to').disabled).toBe(true);
    // Another group keeps its own.
    expect(input('mobs_grouped.2.to').value).toBe('on');
    expect(input('mobs_grouped.2.from').value).toBe('qc');
    // A code is said as the agency's name beside it, and read with the box.
    const to = input('mobs_grouped.0.to');
    const read = document.getElementById(String(to.getAttribute('aria-describedby')).split(' ').at(-1) ?? '');
    expect(read?.textContent).toBe('Northwest Territories');
    expect(
      [...document.querySelectorAll('#as-agency-codes option')].find((o) => o.getAttribute('value') === 'bc')
        ?.textContent,
    ).toBe('British Columbia');
  });

  it('names the stages and the agencies of a French report in French, not by their codes', async () => {
    const mob = { group: 'g1', to: 'bc', from: 'ab', resources: { ...resources, amount: 2 } };
    installFetch(handlers(mine({ mobs_grouped: [mob], priority_fires: [{ fires: 'G1' }] })));
    renderApp('/agency/sitrep/ab', { user: agencyUser('ab'), locale: 'fr' });
    expect(await screen.findByRole('button', { name: 'Suspendre la modification' })).toBeTruthy();
    const stage = document.querySelector(
      'select[name="priority_fires.0.stage_of_control"]',
    ) as HTMLSelectElement;
    expect([...stage.options].filter((o) => o.value).map((o) => o.textContent)).toEqual([
      'Hors de contrôle (HC)',
      'Contenu (CO)',
      'Maîtrisé (MA)',
      'Éteint',
    ]);
    const from = input('mobs_grouped.0.from');
    const read = document.getElementById(
      String(from.getAttribute('aria-describedby')).split(' ').at(-1) ?? '',
    );
    expect(read?.textContent).toBe('Alberta');
  });

  it('keeps the amount’s error when the resource choice beside it changes', async () => {
    installFetch(
      handlers(
        mine({
          mobs: [{ to: 'bc', from: 'ab', resources: { ...resources, category: '', amount: 0 } }],
          validationErrors: {
            'mobs.0.resources.amount': fieldError('field.min', { min: 1 }),
            'mobs.0.resources.category': fieldError('field.required'),
          },
        }),
      ),
    );
    renderApp('/agency/sitrep/ab', { user: agencyUser('ab') });
    expect(await screen.findByRole('button', { name: 'Pause Edit' })).toBeTruthy();
    expect(screen.getByText('Must be at least 1')).toBeTruthy();
    fireEvent.change(input('mobs.0.resources.category'), { target: { value: 'crews' } });
    await waitFor(() => expect(screen.queryByText('This field is required.')).toBeNull());
    expect(screen.getByText('Must be at least 1')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Blocked' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('marks the API unreachable while the states-list poll fails, and clears it when a poll succeeds', async () => {
    let up = false;
    installFetch(
      handlers(draft(), {
        '/v1/sitrep/stats/agency': () =>
          up
            ? json({ items: [{ ...status, sections_with_data: 3, section_count: 13 }] })
            : json({ message: 'Bad gateway' }, 502),
      }),
    );
    renderApp('/agency/sitrep/ab', { user: agencyUser('ab') });
    const notice = await screen.findByText(/The data server cannot be reached/);
    expect(notice.getAttribute('role')).toBe('status');
    up = true;
    await tick();
    await waitFor(() => expect(screen.queryByText(/The data server cannot be reached/)).toBeNull());
  });
});

describe('agency sitrep sections and transitions', () => {
  it('shows the shared form_11 message once, under Mobilizations', async () => {
    installFetch(
      handlers(
        draft({
          validationErrors: {
            form_11: fieldError('field.section_error'),
            duty_officer: fieldError('field.too_long', { max: 200 }),
          },
        }),
      ),
    );
    renderApp('/agency/sitrep/ab', { user: agencyUser('ab') });
    expect(await screen.findByText('At most 200 characters')).toBeTruthy();
    const slots = screen.getAllByText('This section has 1 validation error.');
    expect(slots).toHaveLength(1);
    expect(slots[0]?.closest('section')?.querySelector('h2')?.textContent).toBe('Mobilizations');
  });

  it('disables Approved and Not Approved for a sitrep never started (version 0)', async () => {
    installFetch(handlers(draft({ status: 'N', version_number: 0, last_edit: null, edited_by: null })));
    renderApp('/agency/sitrep/ab', { user: ciffcUser });
    expect((await screen.findByRole('button', { name: 'Approved' })).getAttribute('aria-disabled')).toBe(
      'true',
    );
    expect(screen.getByRole('button', { name: 'Not Approved' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('sends the version viewed with Approved, and Not Approved with its reason', async () => {
    const sent: Record<string, unknown>[] = [];
    installFetch(
      handlers(draft({ status: 'S' }), {
        '/v1/sitrep/agency/reject': (_url, init) => {
          sent.push(JSON.parse(String(init?.body)));
          return json({ ...status, status: 'R' });
        },
      }),
    );
    vi.spyOn(window, 'alert').mockImplementation(() => {});
    renderApp('/agency/sitrep/ab', { user: ciffcUser });
    await screen.findByRole('button', { name: 'Not Approved' });
    await userEvent.type(screen.getByLabelText(/Reason/), 'French summary missing');
    await userEvent.click(screen.getByRole('button', { name: 'Not Approved' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ agency: 'ab', version_number: 4, reason: 'French summary missing' });
  });

  it('asks before approving a version the agency never submitted, naming the one it submitted', async () => {
    const sent: Record<string, unknown>[] = [];
    installFetch(
      handlers(draft({ status: 'E', submitted_version: 3, changed_since_submitted: true }), {
        '/v1/sitrep/agency/approve': (_url, init) => {
          sent.push(JSON.parse(String(init?.body)));
          return json({ ...status, status: 'A' });
        },
      }),
    );
    vi.spyOn(window, 'alert').mockImplementation(() => {});
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderApp('/agency/sitrep/ab', { user: ciffcUser });
    await userEvent.click(await screen.findByRole('button', { name: 'Approved' }));
    expect(confirm).toHaveBeenLastCalledWith(
      'Version 4 was never submitted: the agency submitted version 3. Approve version 4?',
    );
    expect(sent).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Approved' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ agency: 'ab', version_number: 4, confirm_unsubmitted: true });
  });

  it('shows the Not Approved reason and "changed since submitted" to the agency', async () => {
    installFetch(
      handlers(
        draft({
          status: 'E',
          rejected_reason: 'Fix the totals',
          rejected_version: 3,
          changed_since_submitted: true,
        }),
      ),
    );
    renderApp('/agency/sitrep/ab', { user: agencyUser('ab') });
    expect((await screen.findByTestId('sitrep-rejected-reason')).textContent).toContain('Fix the totals');
    expect(screen.getByTestId('sitrep-changed-since-submitted').textContent).toContain('submit again');
  });
});

describe('agency sitrep: nothing typed is lost', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('on a 409 from another tab stops editing, loads the current version and keeps the unsent value beside it', async () => {
    let current = mine();
    const { calls } = installFetch(
      handlers(mine(), {
        '/v1/sitrep/agency': (_url, init) => {
          if (init?.method !== 'POST') return json(current);
          // Tab A of the same account saved version 5 meanwhile.
          current = mine({ version_number: 5, a_hum: 9 });
          return json(
            {
              ...status,
              statusCode: 409,
              message: 'Stale save',
              code: 'sitrep.stale',
              params: { based_on: 4, current: 5, name: 'ab' },
              version_number: 5,
              claimed_by: 1,
              locked: false,
            },
            409,
          );
        },
      }),
    );
    renderApp('/agency/sitrep/ab', { user: agencyUser('ab') });
    expect(await screen.findByRole('button', { name: 'Pause Edit' })).toBeTruthy();
    typeAndLeave('a_hum', '6');
    await tick();
    const notice = await screen.findByTestId('editing-conflict');
    expect(notice.textContent).toContain('version 5');
    expect(screen.getByTestId('conflict-mine-a_hum').textContent).toBe('6');
    await vi.waitFor(() => expect(input('a_hum').value).toBe('9'));
    // Editing stopped: later ticks never re-send this tab's form over the other version.
    await tick();
    await tick();
    expect(calls.filter(isSave)).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Start Editing' })).toBeTruthy();
  });

  it('reads "Editing" only while someone holds the claim; a paused draft reads as a draft not submitted', async () => {
    installFetch(handlers(draft()));
    renderApp('/agency/sitrep/ab', { user: ciffcUser });
    expect((await screen.findByTestId('sitrep-status')).textContent).toBe('Draft, not submitted');
    // The day it reports for, in the centre's zone, written out in the page's language.
    const today = isoDateInZone(new Date(), CENTRE_TIME_ZONE);
    const date = screen.getByTestId('sitrep-report-date').querySelector('time');
    expect(date?.getAttribute('datetime')).toBe(today);
    expect(date?.textContent).toBe(
      new Intl.DateTimeFormat('en', { dateStyle: 'full', timeZone: 'UTC' }).format(
        new Date(`${today}T12:00:00Z`),
      ),
    );
  });

  it('takes a date as YYYY-MM-DD in a text box and says it back in the page language, whatever the browser', async () => {
    installFetch(handlers(mine({ fire_statistics_as_of: '' })));
    renderApp('/agency/sitrep/ab', { user: agencyUser('ab'), locale: 'fr' });
    expect(await screen.findByRole('button', { name: 'Suspendre la modification' })).toBeTruthy();
    const date = input('fire_statistics_as_of');
    expect(date.type).toBe('text');
    typeAndLeave('fire_statistics_as_of', '2026-07-03');
    const described = (date.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['Format : AAAA-MM-JJ', 'vendredi 3 juillet 2026']);
  });

  it('keeps the work when the session lapses: a 401 asks to sign in again here, then sends the value with its base', async () => {
    let refuse = true;
    const { calls } = installFetch(
      handlers(mine(), {
        '/v1/sitrep/agency': (_url, init) => {
          if (init?.method !== 'POST') return json(mine());
          if (refuse)
            return json(
              { statusCode: 401, error: 'Unauthorized', message: 'Missing or invalid credentials' },
              401,
            );
          return json({ ...status, version_number: 5, claimed_by: 1 });
        },
        '/api/auth/local': () => json({ jwt: 'fresh-token', user: agencyUser('ab') }),
        '/api/users/me': () => json(agencyUser('ab')),
      }),
    );
    renderApp('/agency/sitrep/ab', { user: agencyUser('ab') });
    expect(await screen.findByRole('button', { name: 'Pause Edit' })).toBeTruthy();
    typeAndLeave('a_hum', '6');
    await tick();
    const dialog = await screen.findByRole('dialog', { name: 'Your session has ended' });
    expect(input('a_hum').value).toBe('6');
    // Nothing is resent while signed out: every try would be refused.
    await tick();
    expect(calls.filter(isSave)).toHaveLength(1);
    refuse = false;
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'secret' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign in and send my changes' }));
    await vi.waitFor(() => expect(calls.filter(isSave)).toHaveLength(2));
    const resent = calls.filter(isSave)[1];
    expect(JSON.parse(String(resent?.init?.body))).toMatchObject({ a_hum: 6, version_number: 4 });
    expect(new Headers(resent?.init?.headers).get('authorization')).toBe('Bearer fresh-token');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('sends a change at once when the user leaves the page for the overview, without waiting for the tick', async () => {
    const { calls } = installFetch(handlers(mine()));
    renderApp('/agency/sitrep/ab', { user: agencyUser('ab') });
    expect(await screen.findByRole('button', { name: 'Pause Edit' })).toBeTruthy();
    typeAndLeave('a_oth', '5');
    fireEvent.click(screen.getAllByRole('link', { name: 'Overview' })[0] as HTMLElement);
    await vi.waitFor(() => expect(calls.filter(isSave)).toHaveLength(1));
    const body = JSON.parse(String(calls.filter(isSave)[0]?.init?.body));
    expect(body).toMatchObject({ a_oth: 5, version_number: 4 });
    expect(typeof body.edit_session).toBe('string');
  });

  it('asks before Pause Edit discards a field with an error, and keeps editing on no', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { calls } = installFetch(handlers(mine()));
    renderApp('/agency/sitrep/ab', { user: agencyUser('ab') });
    expect(await screen.findByRole('button', { name: 'Pause Edit' })).toBeTruthy();
    fireEvent.change(input('a_hum'), { target: { value: '-3' } });
    fireEvent.blur(input('a_hum'));
    await userEvent.click(screen.getByRole('button', { name: 'Pause Edit' }));
    expect(confirm).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Pause Edit' })).toBeTruthy();
    expect(calls.some((c) => c.url.pathname === '/v1/sitrep/agency/release')).toBe(false);
  });

  it('on a yes, Pause Edit discards only the invalid field and sends the other unsent changes', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { calls } = installFetch(handlers(mine()));
    renderApp('/agency/sitrep/ab', { user: agencyUser('ab') });
    expect(await screen.findByRole('button', { name: 'Pause Edit' })).toBeTruthy();
    fireEvent.change(input('a_oth'), { target: { value: '7' } });
    fireEvent.blur(input('a_oth'));
    fireEvent.change(input('a_hum'), { target: { value: '-3' } });
    fireEvent.blur(input('a_hum'));
    await userEvent.click(screen.getByRole('button', { name: 'Pause Edit' }));
    await waitFor(() => expect(calls.some(isSave)).toBe(true));
    const body = JSON.parse(String(calls.find(isSave)?.init?.body));
    // a_oth was valid: it is kept and sent; a_hum goes back to the saved 4.
    expect(body).toMatchObject({ a_oth: 7, a_hum: 4 });
    await waitFor(() => expect(input('a_hum').value).toBe('4'));
  });
});

describe('numbers are read as typed or refused with a message', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  });
  const field = (name: string) => document.querySelector(`input[name="${name}"]`) as HTMLInputElement;
  const typeInto = async (name: string, text: string) => {
    await userEvent.clear(field(name));
    await userEvent.type(field(name), text);
    await userEvent.tab();
  };
  const described = (el: HTMLElement) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' | ');

  it('refuses "12,5" typed into a French count, says why beside it and never sends it', async () => {
    const { calls } = installFetch(
      handlers(draft(), {
        '/v1/sitrep/agency/claim': () => json({ ...status, claimed_by: 1, claimed_by_name: 'ab' }),
      }),
    );
    renderApp('/agency/sitrep/ab', { user: agencyUser('ab'), locale: 'fr' });
    await userEvent.click(await screen.findByRole('button', { name: 'Commencer la modification' }));
    await waitFor(() => expect(field('a_ltg').disabled).toBe(false));
    await typeInto('a_ltg', '12,5');
    expect(field('a_ltg').value).toBe('12,5');
    expect(field('a_ltg').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(described(field('a_ltg'))).toContain('Un nombre entier est attendu.'));
    expect(
      await screen.findByText(/^Ce champ contient une erreur : sa valeur n’est pas envoyée/),
    ).toBeTruthy();
    // A thousands space is read and said.
    await typeInto('a_oth', '1 234');
    expect(described(field('a_oth'))).toContain('Lu : 1\u00a0234');
    await tick();
    await waitFor(() => expect(calls.filter(isSave)).toHaveLength(1));
    const body = JSON.parse(String(calls.find(isSave)?.init?.body));
    // The refused count keeps its saved value; the other one is sent as read.
    expect(body).toMatchObject({ a_ltg: 3, a_oth: 1234 });
  });

  it('reads "1,234" ha on the English page and says so; refuses "12,5", text and a count beyond its bound', async () => {
    const { calls } = installFetch(
      handlers(draft(), {
        '/v1/sitrep/agency/claim': () => json({ ...status, claimed_by: 1, claimed_by_name: 'ab' }),
      }),
    );
    renderApp('/agency/sitrep/ab', { user: agencyUser('ab') });
    await userEvent.click(await screen.findByRole('button', { name: 'Start Editing' }));
    await waitFor(() => expect(field('b_active_hectares').disabled).toBe(false));
    await typeInto('b_active_hectares', '1,234');
    expect(described(field('b_active_hectares'))).toContain('Read as 1,234');
    await typeInto('a_hum', '12,5');
    await waitFor(() => expect(described(field('a_hum'))).toContain('Not a number: type digits only.'));
    await typeInto('b_oc', 'five');
    await waitFor(() => expect(described(field('b_oc'))).toContain('Not a number: type digits only.'));
    await typeInto('a_oth', '99999999999999');
    await waitFor(() => expect(described(field('a_oth'))).toContain('Must be between 0 and 50,000.'));
    expect(screen.getByRole('button', { name: 'Blocked' })).toBeTruthy();
    await typeInto('b_bh', '6');
    await tick();
    await waitFor(() => expect(calls.filter(isSave)).toHaveLength(1));
    const body = JSON.parse(String(calls.find(isSave)?.init?.body));
    expect(body).toMatchObject({ b_active_hectares: 1234, a_hum: 4, b_oc: 5, a_oth: 1, b_bh: 6 });
  });

  it('says "Saved with 2 errors" when the server keeps a draft with errors, in English and French', async () => {
    for (const [locale, start, text] of [
      ['en', 'Start Editing', 'Saved with 2 errors: Submit is blocked until they are fixed.'],
      [
        'fr',
        'Commencer la modification',
        'Enregistré avec 2 erreurs : la soumission est bloquée jusqu’à leur correction.',
      ],
    ] as const) {
      const kept = {
        ...status,
        version_number: 5,
        validationErrors: withSectionSlots({
          a_ltg: fieldError('field.min', { min: 0 }),
          fop_ltg: fieldError('field.whole'),
        }),
      };
      installFetch(
        handlers(draft(), {
          '/v1/sitrep/agency/claim': () => json({ ...status, claimed_by: 1, claimed_by_name: 'ab' }),
          '/v1/sitrep/agency': (_url: URL, init?: RequestInit) =>
            init?.method === 'POST' ? json(kept, 400) : json(draft()),
        }),
      );
      const { unmount } = renderApp('/agency/sitrep/ab', { user: agencyUser('ab'), locale });
      await userEvent.click(await screen.findByRole('button', { name: start }));
      await waitFor(() => expect(field('b_bh').disabled).toBe(false));
      await typeInto('b_bh', '6');
      await tick();
      expect(await screen.findByText(text)).toBeTruthy();
      unmount();
    }
  });
});
