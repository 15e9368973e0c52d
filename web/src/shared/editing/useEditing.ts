import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { keepSessionWhileEditing } from '../auth/session.ts';
import { classifyError, EditingEngine, type EditingOptions, versionOfError } from './engine.ts';

/**
 * The editing engine for a page: one engine per mount, the latest options always used, and the
 * page's exits wired: page hide (and a hidden tab) sends what is typed with fetch keepalive, the
 * browser asks before unload while a change is unsent, and leaving the route sends it too.
 */
export function useEditing<R>(options: EditingOptions<R>) {
  const latest = useRef(options);
  latest.current = options;
  const engineRef = useRef<EditingEngine<R> | null>(null);
  const [signInNeeded, setSignInNeeded] = useState(false);
  if (!engineRef.current) {
    // Every callback goes through `latest`, so the engine sees the page's current closures.
    const o = (): EditingOptions<R> => latest.current;
    engineRef.current = new EditingEngine<R>({
      intervalMs: options.intervalMs,
      ...(options.session ? { session: options.session } : {}),
      save: (...a) => o().save(...a),
      versionOf: (r) => o().versionOf(r),
      renew: () => o().renew(),
      classify: (e) => (o().classify ?? classifyError)(e),
      versionOfError: (e) => (o().versionOfError ?? versionOfError)(e),
      onSaved: (r) => o().onSaved?.(r),
      onConflict: (e) => o().onConflict?.(e),
      onLocked: (e) => o().onLocked?.(e),
      onFailed: (e, k) => o().onFailed?.(e, k),
      onUnauthorized: (e) => {
        setSignInNeeded(true);
        o().onUnauthorized?.(e);
      },
      isInvalid: () => o().isInvalid?.() ?? false,
      confirmDiscard: () => o().confirmDiscard?.() ?? false,
      discardInvalid: () => o().discardInvalid?.() ?? false,
    });
  }
  const engine = engineRef.current;
  const state = useSyncExternalStore(engine.subscribe, engine.getState, engine.getState);

  // While this page edits, an expiring session is not cleared (the page would go to /login and
  // lose what is typed): the next save is refused with 401 and the user signs in again here.
  useEffect(() => keepSessionWhileEditing(), []);
  const signedInAgain = useCallback(() => {
    setSignInNeeded(false);
    void engine.resumeAfterSignIn();
  }, [engine]);

  useEffect(() => {
    const onHide = () => {
      if (engine.unsent) void engine.flush({ keepalive: true });
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') onHide();
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!engine.unsent) return;
      void engine.flush({ keepalive: true });
      event.preventDefault();
      // Older browsers need returnValue set to show the prompt.
      event.returnValue = '';
    };
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('beforeunload', onBeforeUnload);
      engine.dispose();
    };
  }, [engine]);

  return { engine, state, reauth: { needed: signInNeeded, done: signedInAgain } };
}
