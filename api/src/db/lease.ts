import type { Kysely } from 'kysely';
import type { Database } from './tables.ts';

/**
 * The claim on a report is a lease, the same for every report (docs/spec/data-entry.md section 7):
 * taken by Start editing, renewed by the holder's saves, reads and polls, given back by Pause,
 * Submit or Publish, and lapsed after LEASE_MS idle. Times are ISO strings of the database's clock
 * (`app.config.now()`, handed in as `now`), so every instance agrees on when a lease lapses.
 */

/**
 * Ten minutes: long enough to write a paragraph without a sync, short enough that a closed tab
 * does not block the report for long.
 */
export const LEASE_MS = 10 * 60_000;

/** The columns every leased table has. */
export interface LeaseColumns {
  /** User id of the holder, null when free. */
  claimed_by: number | null;
  claimed_by_name: string | null;
  /** ISO timestamp after which the lease has lapsed. */
  claim_expires_at: string | null;
}

type LeasedTable = { [T in keyof Database]: Database[T] extends LeaseColumns ? T : never }[keyof Database];

/** One leased row: its table, key column and key. */
export interface Leased<T extends LeasedTable> {
  table: T;
  key: Exclude<keyof Database[T] & string, keyof LeaseColumns>;
  id: string | number;
}

/** The leased tables as the queries below see them (a table and key chosen at run time). */
type LeaseDatabase = Record<string, LeaseColumns & Record<string, string | number | null>>;
const leaseDb = (db: Kysely<Database>) => db as unknown as Kysely<LeaseDatabase>;

/** When a lease taken or renewed at `now` lapses. */
export const expiry = (now: Date): string => new Date(now.getTime() + LEASE_MS).toISOString();

/** The column values of no lease (a hand-over written with other columns, such as Submit). */
export const NO_LEASE = { claimed_by: null, claimed_by_name: null, claim_expires_at: null } as const;

/** True while someone holds the lease. */
export function isLive(row: LeaseColumns, now: Date): boolean {
  return row.claimed_by != null && row.claim_expires_at != null && row.claim_expires_at >= now.toISOString();
}

/** Takes the lease when it is free, lapsed, or already the user's. Returns whether it was taken. */
export async function claim<T extends LeasedTable>(
  db: Kysely<Database>,
  row: Leased<T>,
  user: { id: number; username: string },
  now: Date,
): Promise<boolean> {
  const result = await leaseDb(db)
    .updateTable(row.table as string)
    .set({ claimed_by: user.id, claimed_by_name: user.username, claim_expires_at: expiry(now) })
    .where(row.key as string, '=', row.id)
    .where((eb) =>
      eb.or([
        eb('claimed_by', 'is', null),
        eb('claimed_by', '=', user.id),
        eb('claim_expires_at', '<', now.toISOString()),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Renews the user's live lease of the row, or of every row of the table when only the table is
 * given (the agency states list renews whatever its reader holds). A lapsed lease is not revived.
 */
export async function renew<T extends LeasedTable>(
  db: Kysely<Database>,
  row: Leased<T> | { table: T },
  userId: number,
  now: Date,
): Promise<void> {
  let query = leaseDb(db)
    .updateTable(row.table as string)
    .set({ claim_expires_at: expiry(now) })
    .where('claimed_by', '=', userId)
    .where('claim_expires_at', '>=', now.toISOString());
  if ('key' in row) query = query.where(row.key as string, '=', row.id);
  await query.execute();
}

/** Gives the lease back when the user holds it (live or lapsed). Returns whether it was the user's. */
export async function release<T extends LeasedTable>(
  db: Kysely<Database>,
  row: Leased<T>,
  userId: number,
): Promise<boolean> {
  const result = await leaseDb(db)
    .updateTable(row.table as string)
    .set(NO_LEASE)
    .where(row.key as string, '=', row.id)
    .where('claimed_by', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
