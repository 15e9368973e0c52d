import { expect, it } from 'vitest';
import { forEachEngine } from '../../test/context.ts';
import { getSitrepRow } from '../agency-sitrep/store.ts';
import { DRAFT_LEASE, loadDraft } from '../national-sitrep/store.ts';
import { claim, isLive, LEASE_MS, type Leased, release, renew } from './lease.ts';

const T0 = new Date('2026-07-15T17:00:00.000Z');
const later = (ms: number) => new Date(T0.getTime() + ms);
const alice = { id: 70_001, username: 'alice' };
const bob = { id: 70_002, username: 'bob' };
const sitrepLease = (agency: string): Leased<'agency_sitreps'> => ({
  table: 'agency_sitreps',
  key: 'agency',
  id: agency,
});

/** The one lease of every report, on the agency reports and the national draft alike. */
forEachEngine('lease', (ctx) => {
  const db = () => ctx().app.db.kysely;

  it('is taken when free, refused to another user while live, and taken again once lapsed', async () => {
    const row = sitrepLease('yt');
    expect(await claim(db(), row, alice, T0)).toBe(true);
    expect(await claim(db(), row, bob, later(LEASE_MS - 1_000))).toBe(false);
    const held = await getSitrepRow(db(), 'yt');
    expect(held).toMatchObject({ claimed_by: alice.id, claim_expires_at: later(LEASE_MS).toISOString() });
    expect(isLive(held as NonNullable<typeof held>, later(LEASE_MS))).toBe(true);
    expect(isLive(held as NonNullable<typeof held>, later(LEASE_MS + 1))).toBe(false);
    expect(await claim(db(), row, bob, later(LEASE_MS + 1_000))).toBe(true);
    expect(await release(db(), row, alice.id)).toBe(false);
    expect(await release(db(), row, bob.id)).toBe(true);
  });

  it('renews only the live leases of their holder, never a lapsed one', async () => {
    await loadDraft(db());
    expect(await claim(db(), DRAFT_LEASE, alice, T0)).toBe(true);
    await renew(db(), DRAFT_LEASE, bob.id, later(60_000));
    expect((await loadDraft(db())).claim_expires_at).toBe(later(LEASE_MS).toISOString());
    await renew(db(), DRAFT_LEASE, alice.id, later(60_000));
    expect((await loadDraft(db())).claim_expires_at).toBe(later(60_000 + LEASE_MS).toISOString());
    await renew(db(), DRAFT_LEASE, alice.id, later(2 * LEASE_MS));
    expect((await loadDraft(db())).claim_expires_at).toBe(later(60_000 + LEASE_MS).toISOString());
    expect(await release(db(), DRAFT_LEASE, alice.id)).toBe(true);
    expect(await loadDraft(db())).toMatchObject({
      claimed_by: null,
      claimed_by_name: null,
      claim_expires_at: null,
    });
  });

  it('renews every lease of the holder in a table when given only the table', async () => {
    for (const agency of ['nt', 'pe']) expect(await claim(db(), sitrepLease(agency), alice, T0)).toBe(true);
    await renew(db(), { table: 'agency_sitreps' }, alice.id, later(60_000));
    for (const agency of ['nt', 'pe'])
      expect((await getSitrepRow(db(), agency))?.claim_expires_at).toBe(
        later(60_000 + LEASE_MS).toISOString(),
      );
    for (const agency of ['nt', 'pe']) await release(db(), sitrepLease(agency), alice.id);
  });
});
