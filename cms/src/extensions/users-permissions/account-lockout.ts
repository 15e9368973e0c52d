/**
 * Per-account limit on failed sign-ins (issue 10), on top of Strapi's per-address limit: many
 * addresses guessing one account's password are slowed down too. Keyed on the identifier as typed
 * (lower case), so that known and unknown accounts behave alike. Held in memory: one content system
 * process per database (docs/decisions.md, "Closing the doors").
 */
export interface LockoutOptions {
  /** Failures within `windowMs` that lock the account. */
  maxFailures: number;
  windowMs: number;
  /** How long a locked account refuses every attempt, right password included. */
  lockMs: number;
  /** Accounts remembered at most (the oldest are forgotten first), so junk identifiers cannot fill memory. */
  maxAccounts: number;
}

type Entry = { failures: number; firstAt: number; lockedUntil: number };

export class AccountLockout {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly options: LockoutOptions) {}

  static key(identifier: string): string {
    return identifier.trim().toLowerCase();
  }

  /** Seconds until `identifier` may try again; 0 when it may try now. */
  retryAfter(identifier: string, now = Date.now()): number {
    const entry = this.entries.get(AccountLockout.key(identifier));
    if (!entry || entry.lockedUntil <= now) return 0;
    return Math.ceil((entry.lockedUntil - now) / 1000);
  }

  failed(identifier: string, now = Date.now()): void {
    const key = AccountLockout.key(identifier);
    const previous = this.entries.get(key);
    const fresh = !previous || now - previous.firstAt > this.options.windowMs;
    const entry = fresh ? { failures: 0, firstAt: now, lockedUntil: 0 } : previous;
    entry.failures += 1;
    if (entry.failures >= this.options.maxFailures) {
      entry.lockedUntil = now + this.options.lockMs;
      entry.failures = 0;
      entry.firstAt = now;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.options.maxAccounts) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  succeeded(identifier: string): void {
    this.entries.delete(AccountLockout.key(identifier));
  }
}
