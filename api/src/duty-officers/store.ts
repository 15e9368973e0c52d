import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import './tables.ts';

export interface DutyOfficer {
  name: string;
  phone: string | null;
  last_on_duty: string | null;
}

/** Active officers, the most recently on duty first, then by name. */
export async function listDutyOfficers(db: Kysely<Database>): Promise<DutyOfficer[]> {
  const rows = await db
    .selectFrom('duty_officers')
    .select(['name', 'phone', 'last_on_duty'])
    .where('active', '=', 1)
    .execute();
  return rows.sort(
    (a, b) => (b.last_on_duty ?? '').localeCompare(a.last_on_duty ?? '') || a.name.localeCompare(b.name),
  );
}

/** Adds the officer or moves their last day on duty forward (never back: an old republish keeps the newer day). */
export async function recordDutyOfficer(db: Kysely<Database>, name: string, date: string): Promise<void> {
  const trimmed = name.trim();
  if (!trimmed) return;
  const existing = await db
    .selectFrom('duty_officers')
    .select('last_on_duty')
    .where('name', '=', trimmed)
    .executeTakeFirst();
  if (!existing) {
    await db
      .insertInto('duty_officers')
      .values({ name: trimmed, phone: null, last_on_duty: date, active: 1 })
      .execute();
  } else if ((existing.last_on_duty ?? '') < date) {
    await db
      .updateTable('duty_officers')
      .set({ last_on_duty: date, active: 1 })
      .where('name', '=', trimmed)
      .execute();
  }
}

export async function seedDutyOfficers(
  db: Kysely<Database>,
  officers: readonly { name: string; phone: string }[],
) {
  for (const o of officers) {
    await db
      .insertInto('duty_officers')
      .values({ name: o.name, phone: o.phone, last_on_duty: null, active: 1 })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
  }
}
