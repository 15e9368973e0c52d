import { ERROR_TOAST_MS, SUCCESS_TOAST_MS } from '@ciffc/contracts';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useIntl } from 'react-intl';

type ToastKind = 'error' | 'success';
interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
}
interface ToastApi {
  /** Shown ERROR_TOAST_MS (4000 ms) at the top centre, announced assertively. */
  error: (message: string) => void;
  /** Shown SUCCESS_TOAST_MS (750 ms), announced politely. */
  success: (message: string) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast outside ToastProvider');
  return api;
}

const DURATION: Record<ToastKind, number> = { error: ERROR_TOAST_MS, success: SUCCESS_TOAST_MS };

export function ToastProvider({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  // The toasts on screen by kind and text: the same message twice is shown once (two
  // identical error toasts stacked over the header), its time starting again.
  const shown = useRef(new Map<string, number>());

  const dismiss = useCallback((id: number) => {
    setToasts((list) => list.filter((t) => t.id !== id));
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    for (const [key, shownId] of shown.current) if (shownId === id) shown.current.delete(key);
  }, []);

  const show = useCallback(
    (kind: ToastKind, message: string) => {
      const key = `${kind}\n${message}`;
      const same = shown.current.get(key);
      if (same !== undefined) {
        clearTimeout(timers.current.get(same));
        timers.current.set(
          same,
          setTimeout(() => dismiss(same), DURATION[kind]),
        );
        return;
      }
      const id = nextId.current++;
      shown.current.set(key, id);
      setToasts((list) => [...list, { id, kind, message }]);
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), DURATION[kind]),
      );
    },
    [dismiss],
  );

  useEffect(() => {
    const map = timers.current;
    return () => {
      for (const timer of map.values()) clearTimeout(timer);
    };
  }, []);

  const api = useMemo<ToastApi>(
    () => ({ error: (m) => show('error', m), success: (m) => show('success', m) }),
    [show],
  );

  // Both live regions exist before any message is added, so screen readers announce insertions.
  const region = (kind: ToastKind) => (
    <div
      className={`toast-region toast-region-${kind}`}
      role={kind === 'error' ? undefined : 'status'}
      aria-live={kind === 'error' ? 'assertive' : 'polite'}
    >
      {toasts
        .filter((t) => t.kind === kind)
        .map((t) => (
          <div key={t.id} className={`toast toast-${kind}`} role={kind === 'error' ? 'alert' : undefined}>
            <span>{t.message}</span>
            <button
              type="button"
              className="toast-close"
              onClick={() => dismiss(t.id)}
              aria-label={intl.formatMessage({ id: 'common.close' })}
            >
              ×
            </button>
          </div>
        ))}
    </div>
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <section className="toasts" aria-label={intl.formatMessage({ id: 'common.notifications' })}>
        {region('error')}
        {region('success')}
      </section>
    </ToastContext.Provider>
  );
}
