import { ApiError } from '../api/http.ts';
import { type EditEvent, type EditState, hasUnsent, initialState, next, onFlush, onTick } from './machine.ts';

/** How a refused save or renewal is handled. */
export type FailureKind = 'network' | 'conflict' | 'locked' | 'unauthorized' | 'other';

export interface SendInit {
  signal?: AbortSignal | undefined;
  /** Page hide: the request must outlive the page (fetch keepalive). */
  keepalive?: boolean | undefined;
}

export interface EditingOptions<R> {
  /** Sends the page's current form based on `base` with the tab's session id. */
  save: (base: number, session: string, init: SendInit) => Promise<R>;
  /** The version a successful save made. */
  versionOf: (result: R) => number;
  /** Keeps the lease alive while editing with nothing to send. */
  renew: () => Promise<unknown>;
  /** Sorts a refusal; the default (classifyError) fits the data API's answers. */
  classify?: (error: unknown) => FailureKind;
  /** The version a 409 answer names (the current one). */
  versionOfError?: (error: unknown) => number | undefined;
  onSaved?: (result: R) => void;
  /** Another tab, device or user wrote a newer version: the page reloads and shows what was not sent. */
  onConflict?: (error: unknown) => void;
  /** Another user holds the lease. */
  onLocked?: (error: unknown) => void;
  /** A network failure (retried by the next tick) or a refusal that cannot be retried. */
  onFailed?: (error: unknown, kind: FailureKind) => void;
  /**
   * The session lapsed (401: expired or revoked token): what is typed is kept and the tick waits;
   * the page asks the user to sign in again, then calls `resumeAfterSignIn`.
   */
  onUnauthorized?: (error: unknown) => void;
  /** A field shows an error: its value cannot be sent. */
  isInvalid?: () => boolean;
  /** Asked before a flush discards an invalid field (Pause Edit); true discards. */
  confirmDiscard?: () => boolean;
  /**
   * After a yes: puts only the invalid fields back to their saved values; true when other changes
   * remain, which are then sent. Without it (or on false) every unsent change is dropped.
   */
  discardInvalid?: () => boolean;
  /** The tick (docs/spec/data-entry.md 4.3: 5 s). */
  intervalMs: number;
  session?: string;
}

let tabSession: string | undefined;

/** One id per browser tab (per page load): every save of this tab carries it. */
export function tabSessionId(): string {
  if (!tabSession) {
    const random =
      typeof crypto !== 'undefined' && 'randomUUID' in crypto
        ? crypto.randomUUID()
        : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 14)}`;
    tabSession = random;
  }
  return tabSession;
}

/** The data API's answers: no answer or a gateway error is a network failure (safe to resend). */
export function classifyError(error: unknown): FailureKind {
  if (!(error instanceof ApiError)) return 'network';
  if (error.status === 401) return 'unauthorized';
  if (error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504)
    return 'network';
  if (error.status === 409) {
    const body = error.body as { locked?: boolean } | undefined;
    return body?.locked ? 'locked' : 'conflict';
  }
  return 'other';
}

/** The current version a refusal names (`version_number` of the status fields). */
export function versionOfError(error: unknown): number | undefined {
  const body =
    error instanceof ApiError ? (error.body as { version_number?: unknown } | undefined) : undefined;
  return typeof body?.version_number === 'number' ? body.version_number : undefined;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * The one editing engine: the claim's lease renewal, the 5 s tick, cancelling an older save,
 * queue-on-blur, 409 handling and flushing. Framework-free (the hook wraps it) so it is tested
 * with fake timers on its own.
 */
export class EditingEngine<R> {
  state: EditState = initialState();
  readonly session: string;
  private timer: ReturnType<typeof setInterval> | undefined;
  private controller: AbortController | null = null;
  private running: Promise<boolean> | null = null;
  private renewing: Promise<unknown> | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly o: EditingOptions<R>) {
    this.session = o.session ?? tabSessionId();
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = () => this.state;

  private dispatch(event: EditEvent) {
    const after = next(this.state, event);
    if (after === this.state) return;
    this.state = after;
    for (const l of this.listeners) l();
  }

  get unsent(): boolean {
    return hasUnsent(this.state);
  }

  /** The server's document was (re)loaded at `version`. */
  load(version: number) {
    this.dispatch({ type: 'load', version });
  }

  /** The claim was taken: editing starts on `version`, the tick runs. */
  start(version: number) {
    this.dispatch({ type: 'start', version });
    if (!this.timer) this.timer = setInterval(() => this.tick(), this.o.intervalMs);
  }

  /** Editing ends (released, submitted, conflict seen): nothing more is sent. */
  stop() {
    this.controller?.abort();
    this.dispatch({ type: 'stop' });
    this.stopTimer();
  }

  /**
   * The report is being handed over (Submit): no tick may renew the lease any more, and a renewal
   * already on its way is waited for, so no claim reaches the server after the hand-over (a claim
   * landing after Submit would lock the submitted report to this user again). `resume` restarts
   * the tick when the hand-over is refused.
   */
  async hold(): Promise<void> {
    this.stopTimer();
    await this.renewing;
  }

  resume() {
    if (this.state.mode === 'editing' && !this.timer)
      this.timer = setInterval(() => this.tick(), this.o.intervalMs);
  }

  /** Signed in again after a 401: the tick runs again and what was kept is sent now. */
  resumeAfterSignIn(): Promise<boolean> {
    this.resume();
    if (this.state.mode !== 'editing') return Promise.resolve(false);
    if (this.state.unsent && !this.o.isInvalid?.()) this.queue();
    if (this.state.queued) return this.send();
    this.tick();
    return Promise.resolve(true);
  }

  change() {
    this.dispatch({ type: 'change' });
  }

  queue() {
    this.dispatch({ type: 'queue' });
  }

  private stopTimer() {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  tick() {
    const action = onTick(this.state);
    if (action === 'send') void this.send();
    else if (action === 'renew' && !this.renewing) {
      const work = this.o.renew().catch((error: unknown) => this.refused(error, null));
      this.renewing = work.finally(() => {
        this.renewing = null;
      });
    }
  }

  /** Sends the current form now, cancelling the send in flight (its answer is then ignored). */
  send(init: { keepalive?: boolean } = {}): Promise<boolean> {
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    this.dispatch({ type: 'send' });
    const send = this.state.sent;
    const work = this.o
      .save(
        this.state.base,
        this.session,
        init.keepalive ? { keepalive: true } : { signal: controller.signal },
      )
      .then(
        (result) => {
          if (this.state.inflight !== send) return false;
          this.dispatch({ type: 'saved', send, version: this.o.versionOf(result) });
          this.o.onSaved?.(result);
          return true;
        },
        (error: unknown) => {
          if (this.state.inflight !== send || isAbort(error)) return false;
          this.refused(error, send);
          return false;
        },
      );
    this.running = work;
    return work;
  }

  private refused(error: unknown, send: number | null) {
    const kind = (this.o.classify ?? classifyError)(error);
    const version = (this.o.versionOfError ?? versionOfError)(error);
    if (kind === 'conflict' && send !== null) {
      this.dispatch({ type: 'conflict', send, version: version ?? this.state.base });
      this.stopTimer();
      this.o.onConflict?.(error);
    } else if (kind === 'locked' || kind === 'conflict') {
      this.dispatch({ type: 'locked' });
      this.stopTimer();
      this.o.onLocked?.(error);
    } else if (kind === 'network') {
      if (send !== null) this.dispatch({ type: 'network-failed', send });
      this.o.onFailed?.(error, kind);
    } else if (kind === 'unauthorized') {
      // Kept to resend with its base version once the user is signed in again; nothing is sent
      // meanwhile (every try would be refused the same way).
      if (send !== null) this.dispatch({ type: 'network-failed', send });
      this.stopTimer();
      this.o.onUnauthorized?.(error);
    } else {
      if (send !== null) this.dispatch({ type: 'failed', send });
      this.o.onFailed?.(error, kind);
    }
  }

  /**
   * Sends what is typed now (route change, Pause Edit, Submit, page hide) and waits for it. False
   * when it did not reach the server, or when the user kept an invalid field (asked first).
   */
  async flush(init: { keepalive?: boolean } = {}): Promise<boolean> {
    const invalid = this.o.isInvalid?.() ?? false;
    const action = onFlush(this.state, invalid);
    if (action === 'ask') {
      // On page hide nobody can answer: the invalid value stays on screen, nothing is sent.
      if (init.keepalive || !(this.o.confirmDiscard?.() ?? false)) return false;
      if (this.o.discardInvalid?.()) {
        this.queue();
        return this.send(init);
      }
      this.dispatch({ type: 'stop' });
      this.dispatch({ type: 'start', version: this.state.base });
      return true;
    }
    if (action === 'send') {
      this.queue();
      return this.send(init);
    }
    if (this.state.inflight !== null && this.running) return this.running;
    await this.renewing;
    return true;
  }

  /** The component goes away: stop the tick and send what is left (the request outlives it). */
  dispose() {
    this.stopTimer();
    if (this.state.mode === 'editing' && (this.state.unsent || this.state.queued) && !this.o.isInvalid?.())
      void this.send({ keepalive: true });
  }
}
