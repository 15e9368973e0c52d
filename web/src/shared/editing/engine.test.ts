import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/http.ts';
import { EditingEngine, type EditingOptions, type SendInit } from './engine.ts';
import { hasUnsent, initialState, next, onFlush, onTick } from './machine.ts';

interface Call {
  base: number;
  session: string;
  init: SendInit;
  resolve: (version: number) => void;
  reject: (error: unknown) => void;
}

/** A save function whose answers the test gives by hand. */
function harness(over: Partial<EditingOptions<{ version_number: number }>> = {}) {
  const calls: Call[] = [];
  const renewals: number[] = [];
  const events: string[] = [];
  const engine = new EditingEngine<{ version_number: number }>({
    intervalMs: 5000,
    session: 'tab-test-1234',
    save: (base, session, init) =>
      new Promise((resolve, reject) => {
        calls.push({ base, session, init, resolve: (v) => resolve({ version_number: v }), reject });
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
    versionOf: (r) => r.version_number,
    renew: async () => {
      renewals.push(Date.now());
    },
    onSaved: (r) => events.push(`saved ${r.version_number}`),
    onConflict: () => events.push('conflict'),
    onLocked: () => events.push('locked'),
    onFailed: (_e, kind) => events.push(`failed ${kind}`),
    ...over,
  });
  return { engine, calls, renewals, events };
}

const conflict = (version: number) =>
  new ApiError('Stale save', 409, { code: 'sitrep.stale', version_number: version, locked: false }, true);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the editing state machine', () => {
  it('says what the tick and a flush do', () => {
    let s = next(initialState(3), { type: 'start', version: 3 });
    expect(onTick(s)).toBe('renew');
    s = next(s, { type: 'change' });
    expect(hasUnsent(s)).toBe(true);
    expect(onTick(s)).toBe('renew');
    expect(onFlush(s, false)).toBe('send');
    expect(onFlush(s, true)).toBe('ask');
    s = next(s, { type: 'queue' });
    expect(onTick(s)).toBe('send');
    s = next(s, { type: 'send' });
    expect(onTick(s)).toBe('none');
    // A reload does not move the base while this tab has something in flight.
    expect(next(s, { type: 'load', version: 9 }).base).toBe(3);
    s = next(s, { type: 'saved', send: s.sent, version: 4 });
    expect(s).toMatchObject({ base: 4, inflight: null, queued: false, unsent: false });
    expect(onTick(next(s, { type: 'stop' }))).toBe('none');
  });
});

describe('the editing engine (fake timers)', () => {
  it('sends a queued change on the 5 s tick, not before, and renews the lease when nothing is queued', async () => {
    const { engine, calls, renewals } = harness();
    engine.start(7);
    engine.change();
    engine.queue();
    await vi.advanceTimersByTimeAsync(4999);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((c) => [c.base, c.session])).toEqual([[7, 'tab-test-1234']]);
    calls[0]?.resolve(8);
    await vi.advanceTimersByTimeAsync(5000);
    expect(renewals).toHaveLength(1);
    expect(engine.state.base).toBe(8);
    engine.stop();
  });

  it('hold: no renewal after the hand-over starts, one already on its way is waited for; resume restarts the tick', async () => {
    let finishRenewal = () => {};
    const renewals: number[] = [];
    const { engine } = harness({
      renew: () =>
        new Promise<void>((done) => {
          renewals.push(Date.now());
          finishRenewal = done;
        }),
    });
    engine.start(3);
    await vi.advanceTimersByTimeAsync(5000);
    expect(renewals).toHaveLength(1);
    let held = false;
    const holding = engine.hold().then(() => {
      held = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(held).toBe(false);
    finishRenewal();
    await holding;
    await vi.advanceTimersByTimeAsync(20_000);
    expect(renewals).toHaveLength(1);
    engine.resume();
    await vi.advanceTimersByTimeAsync(5000);
    expect(renewals).toHaveLength(2);
    engine.stop();
  });

  it('cancels the older send; the newer one carries the same base and its answer is the one kept', async () => {
    const { engine, calls, events } = harness();
    engine.start(2);
    engine.queue();
    const first = engine.send();
    engine.queue();
    const second = engine.send();
    expect(calls.map((c) => c.base)).toEqual([2, 2]);
    expect(calls[0]?.init.signal?.aborted).toBe(true);
    calls[1]?.resolve(4);
    expect(await first).toBe(false);
    expect(await second).toBe(true);
    expect(engine.state).toMatchObject({ base: 4, inflight: null });
    expect(events).toEqual(['saved 4']);
    engine.stop();
  });

  it('on a 409 from another session stops editing: no more sends or renewals, the conflict reported', async () => {
    const { engine, calls, renewals, events } = harness();
    engine.start(15);
    engine.change();
    engine.queue();
    await vi.advanceTimersByTimeAsync(5000);
    calls[0]?.reject(conflict(16));
    await vi.advanceTimersByTimeAsync(0);
    expect(events).toEqual(['conflict']);
    expect(engine.state).toMatchObject({ mode: 'conflict', base: 16 });
    engine.change();
    engine.queue();
    await vi.advanceTimersByTimeAsync(30_000);
    // Never re-sent over someone else's version.
    expect(calls).toHaveLength(1);
    expect(renewals).toHaveLength(0);
  });

  it('retries a save that failed on the network (or a 502) at the next tick, with the same base', async () => {
    const { engine, calls, events } = harness();
    engine.start(1);
    engine.queue();
    await vi.advanceTimersByTimeAsync(5000);
    calls[0]?.reject(new ApiError('Failed to fetch', 0));
    await vi.advanceTimersByTimeAsync(5000);
    calls[1]?.reject(new ApiError('Bad Gateway', 502));
    await vi.advanceTimersByTimeAsync(5000);
    calls[2]?.resolve(2);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((c) => c.base)).toEqual([1, 1, 1]);
    expect(events).toEqual(['failed network', 'failed network', 'saved 2']);
    expect(hasUnsent(engine.state)).toBe(false);
    engine.stop();
  });

  it('flushes at once (Pause, Submit, route change) and waits for the answer', async () => {
    const { engine, calls } = harness();
    engine.start(5);
    engine.change();
    const flushed = engine.flush();
    expect(calls).toHaveLength(1);
    calls[0]?.resolve(6);
    expect(await flushed).toBe(true);
    expect(engine.state.base).toBe(6);
    // Nothing typed: nothing sent.
    expect(await engine.flush()).toBe(true);
    expect(calls).toHaveLength(1);
    engine.stop();
  });

  it('asks before a flush discards an invalid field; a no keeps editing and sends nothing', async () => {
    let answer = false;
    const asked: number[] = [];
    const { engine, calls } = harness({
      isInvalid: () => true,
      confirmDiscard: () => {
        asked.push(1);
        return answer;
      },
    });
    engine.start(1);
    engine.change();
    expect(await engine.flush()).toBe(false);
    expect(asked).toHaveLength(1);
    expect(hasUnsent(engine.state)).toBe(true);
    answer = true;
    expect(await engine.flush()).toBe(true);
    expect(hasUnsent(engine.state)).toBe(false);
    // On page hide nobody can answer: nothing is asked, nothing sent.
    engine.change();
    expect(await engine.flush({ keepalive: true })).toBe(false);
    expect(asked).toHaveLength(2);
    expect(calls).toHaveLength(0);
    engine.stop();
  });

  it('on a yes, discards only the invalid field and sends the other unsent changes', async () => {
    let invalid = true;
    const { engine, calls } = harness({
      isInvalid: () => invalid,
      confirmDiscard: () => true,
      discardInvalid: () => {
        invalid = false;
        return true;
      },
    });
    engine.start(1);
    engine.change();
    const flushed = engine.flush();
    // The valid changes went out (they used to be dropped with the invalid one).
    expect(calls).toHaveLength(1);
    calls[0]?.resolve(2);
    expect(await flushed).toBe(true);
    expect(engine.state.base).toBe(2);
    expect(hasUnsent(engine.state)).toBe(false);
    engine.stop();
  });

  it('sends what is left with keepalive when the page goes away (route change or hide)', async () => {
    const { engine, calls } = harness();
    engine.start(3);
    engine.change();
    engine.dispose();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.init).toEqual({ keepalive: true });
    expect(calls[0]?.base).toBe(3);
  });

  it('drops to view mode when another user holds the lease', async () => {
    const { engine, events } = harness({
      renew: async () => {
        throw new ApiError('being edited', 409, { locked: true, version_number: 3 }, true);
      },
    });
    engine.start(3);
    await vi.advanceTimersByTimeAsync(5000);
    expect(events).toEqual(['locked']);
    expect(engine.state.mode).toBe('view');
  });
});

describe('a lapsed session', () => {
  it('keeps a save refused with 401, sends nothing meanwhile, and resends it with its base once signed in again', async () => {
    const { engine, calls, events } = harness({ onUnauthorized: () => events.push('unauthorized') });
    engine.start(7);
    engine.change();
    engine.queue();
    vi.advanceTimersByTime(5000);
    expect(calls).toHaveLength(1);
    calls[0]?.reject(new ApiError('Missing or invalid credentials', 401, {}, true));
    await vi.advanceTimersByTimeAsync(0);
    expect(events).toEqual(['unauthorized']);
    expect(engine.state).toMatchObject({ queued: true, base: 7, mode: 'editing' });
    // The tick waits: every try would be refused the same way.
    await vi.advanceTimersByTimeAsync(20_000);
    expect(calls).toHaveLength(1);
    const sent = engine.resumeAfterSignIn();
    expect(calls).toHaveLength(2);
    expect(calls[1]?.base).toBe(7);
    calls[1]?.resolve(8);
    expect(await sent).toBe(true);
    expect(engine.state).toMatchObject({ queued: false, base: 8 });
    // The tick runs again.
    engine.change();
    engine.queue();
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toHaveLength(3);
  });
});
