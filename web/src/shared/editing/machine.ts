/**
 * The editing engine's state machine (one engine for the agency sitrep, the national
 * sitrep and inventory input). Pure: no timers, no requests; the hook (useEditing.ts) feeds it
 * events and carries out what `onTick` and `onFlush` decide.
 *
 * Vocabulary (docs/spec/data-entry.md 4.3): a change is `unsent` from the keystroke; a valid blur `queues`
 * it; the 5 s tick `sends` the queued form (a newer send cancels the one in flight, whose answer is
 * ignored); every save carries `base`, the last version this tab knows, and the tab's session id,
 * so the server accepts a cancelled-but-landed save of the same tab and refuses any other.
 */
type Mode = 'view' | 'editing' | 'conflict';

export interface EditState {
  mode: Mode;
  /** The version the next save is based on. */
  base: number;
  /** Typed, not yet queued (may be invalid). */
  unsent: boolean;
  /** Queued by a valid blur (or a failed send), waiting for the tick or a flush. */
  queued: boolean;
  /** The number of the send in flight, null when none. */
  inflight: number | null;
  /** The number of the last send made. */
  sent: number;
  /** Sends in a row that failed on the network (retried by the next tick). */
  failures: number;
}

export type EditEvent =
  | { type: 'load'; version: number }
  | { type: 'start'; version: number }
  | { type: 'change' }
  | { type: 'queue' }
  | { type: 'send' }
  | { type: 'saved'; send: number; version: number }
  | { type: 'network-failed'; send: number }
  | { type: 'conflict'; send: number; version: number }
  | { type: 'failed'; send: number }
  | { type: 'locked' }
  | { type: 'stop' };

export const initialState = (version = 0): EditState => ({
  mode: 'view',
  base: version,
  unsent: false,
  queued: false,
  inflight: null,
  sent: 0,
  failures: 0,
});

export function next(state: EditState, event: EditEvent): EditState {
  switch (event.type) {
    case 'load':
      // A reload replaces the form only when this tab has nothing of its own waiting.
      return hasUnsent(state) ? state : { ...state, base: event.version };
    case 'start':
      return { ...state, mode: 'editing', base: event.version };
    case 'change':
      return { ...state, unsent: true };
    case 'queue':
      return { ...state, unsent: false, queued: true };
    case 'send':
      return { ...state, queued: false, inflight: state.sent + 1, sent: state.sent + 1 };
    case 'saved':
      // The answer of a cancelled send is ignored: the newer one carries the same base and the server
      // accepts it over the cancelled one's version (same session).
      if (event.send !== state.inflight) return state;
      return { ...state, inflight: null, base: event.version, failures: 0 };
    case 'network-failed':
      if (event.send !== state.inflight) return state;
      // Safe to send again: it still carries its base version, so it cannot overwrite anyone.
      return { ...state, inflight: null, queued: true, failures: state.failures + 1 };
    case 'conflict':
      if (event.send !== state.inflight) return state;
      // Another tab, device or user wrote a newer version: stop, and keep what was not sent.
      // The page keeps the unsent values beside the current ones; the engine sends nothing more.
      return {
        ...state,
        mode: 'conflict',
        inflight: null,
        unsent: false,
        queued: false,
        base: event.version,
      };
    case 'failed':
      // Refused for a reason a resend cannot fix (a type error): shown, not retried.
      return event.send === state.inflight ? { ...state, inflight: null } : state;
    case 'locked':
      return { ...state, mode: 'view', inflight: null };
    case 'stop':
      return { ...state, mode: 'view', unsent: false, queued: false, inflight: null };
  }
}

/** Something typed in this tab has not reached the server yet. */
export const hasUnsent = (s: EditState) => s.unsent || s.queued || s.inflight !== null;

/** What the 5 s tick does: send the queued form, else keep the lease alive, else nothing. */
export function onTick(s: EditState): 'send' | 'renew' | 'none' {
  if (s.mode !== 'editing') return 'none';
  if (s.queued) return 'send';
  return s.inflight === null ? 'renew' : 'none';
}

/**
 * What a flush (route change, Pause Edit, Submit, page hide) does with the typed changes: send
 * them now, or ask before discarding an invalid field, or nothing.
 */
export function onFlush(s: EditState, invalid: boolean): 'send' | 'ask' | 'none' {
  if (s.mode !== 'editing') return 'none';
  if (invalid && (s.unsent || s.queued)) return 'ask';
  return s.unsent || s.queued ? 'send' : 'none';
}
