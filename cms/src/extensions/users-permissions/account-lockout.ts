/**
 * Per-account limit on failed sign-ins, on top of Strapi's per-address limit: many
 * addresses guessing one account's password are slowed down too. Keyed on the identifier as typed
 * (lower case), so that known and unknown accounts behave alike. Kept in the content system's
 * database (one small table of our own), so that a restart does not lift a lock and every content
 * system process on that database sees the same count (docs/decisions.md, "Closing the doors").
 */
import type { Knex } from 'knex';

export interface LockoutOptions {
  /** Failures within `windowMs` that lock the account. */
  maxFailures: number;
  windowMs: number;
  /** How long a locked account refuses every attempt, right password included. */
  lockMs: number;
}

/**
 * Not a Strapi content type: Strapi leaves tables it never created alone (its schema sync drops
 * only tables it tracked), and this one must not show in the admin panel.
 */
export const LOCKOUT_TABLE = 'ciffc_sign_in_failures';
/** Identifiers longer than this are cut: a key, not a place to store junk. */
const MAX_KEY_LENGTH = 200;
/** Expired rows are deleted at most this often per process. */
const PRUNE_EVERY_MS = 60_000;

export class AccountLockout {
  private lastPrune = 0;

  constructor(
    private readonly db: () => Knex,
    private readonly options: LockoutOptions,
  ) {}

  static key(identifier: string): string {
    return identifier.trim().toLowerCase().slice(0, MAX_KEY_LENGTH);
  }

  /** Creates the table once; run at bootstrap, before the first sign-in. */
  async ensureTable(): Promise<void> {
    const db = this.db();
    if (await db.schema.hasTable(LOCKOUT_TABLE)) return;
    await db.schema.createTable(LOCKOUT_TABLE, (table) => {
      table.string('identifier', MAX_KEY_LENGTH).primary();
      table.integer('failures').notNullable();
      // Milliseconds since the epoch; bigint because they pass 2^31.
      table.bigInteger('first_at').notNullable();
      table.bigInteger('locked_until').notNullable();
    });
  }

  /** Seconds until `identifier` may try again; 0 when it may try now. */
  async retryAfter(identifier: string, now = Date.now()): Promise<number> {
    const row = await this.db()(LOCKOUT_TABLE)
      .where({ identifier: AccountLockout.key(identifier) })
      .first('locked_until');
    const lockedUntil = Number(row?.locked_until ?? 0);
    return lockedUntil > now ? Math.ceil((lockedUntil - now) / 1000) : 0;
  }

  /**
   * One more failure, counted in one statement (two processes failing at once both count), then
   * the lock once the count is reached.
   */
  async failed(identifier: string, now = Date.now()): Promise<void> {
    const key = AccountLockout.key(identifier);
    const { windowMs, maxFailures, lockMs } = this.options;
    const db = this.db();
    const expired = db.raw('? - ??.first_at > ?', [now, LOCKOUT_TABLE, windowMs]);
    await db(LOCKOUT_TABLE)
      .insert({ identifier: key, failures: 1, first_at: now, locked_until: 0 })
      .onConflict('identifier')
      .merge({
        failures: db.raw('case when ? then 1 else ??.failures + 1 end', [expired, LOCKOUT_TABLE]),
        first_at: db.raw('case when ? then ? else ??.first_at end', [expired, now, LOCKOUT_TABLE]),
      });
    await db(LOCKOUT_TABLE)
      .where({ identifier: key })
      .andWhere('failures', '>=', maxFailures)
      .update({ failures: 0, first_at: now, locked_until: now + lockMs });
    await this.prune(now);
  }

  async succeeded(identifier: string): Promise<void> {
    await this.db()(LOCKOUT_TABLE)
      .where({ identifier: AccountLockout.key(identifier) })
      .delete();
  }

  /** Rows neither locked nor inside a counting window say nothing: junk identifiers go too. */
  private async prune(now: number): Promise<void> {
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    await this.db()(LOCKOUT_TABLE)
      .where('locked_until', '<=', now)
      .andWhere('first_at', '<', now - this.options.windowMs)
      .delete();
  }
}
