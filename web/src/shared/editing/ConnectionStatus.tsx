import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import { formatCentreTime } from '../format/CentreTime.tsx';
import { type EditState, hasUnsent } from './machine.ts';

const subscribeOnline = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};
const isOnline = () => navigator.onLine;

/** Whether the browser says it is online, kept current. */
const useOnline = () => useSyncExternalStore(subscribeOnline, isOnline, () => true);

/**
 * A page saved by its own button (inventory input): offline, it says that the changes stay on the
 * page until a save with the connection back, instead of letting a save fail unannounced.
 */
export function OfflineNotice({ unsaved }: { unsaved: boolean }) {
  const intl = useIntl();
  if (useOnline()) return null;
  return (
    <p className="connection-status connection-offline" role="status" data-connection="offline">
      {intl.formatMessage({ id: 'editing.connection.offlineSave' }, { waiting: unsaved ? 'yes' : 'no' })}
    </p>
  );
}

/** The state of the connection as this page's saves see it. */
type ConnectionState = 'offline' | 'unsent' | 'synced' | 'ready';

/** Offline when the browser says so or the last send failed on the network; then what waits, then when it was saved. */
function connectionState(state: EditState, online: boolean, savedAt: Date | null): ConnectionState {
  if (!online || state.failures > 0) return 'offline';
  if (hasUnsent(state)) return 'unsent';
  return savedAt ? 'synced' : 'ready';
}

/**
 * While a page edits: whether what is typed has reached the server, said on the screen and to a
 * screen reader (a polite live region), so that nobody types on for minutes unaware that nothing
 * reaches the server. Offline, the changes stay in the tab and the engine sends them when a send
 * succeeds again (docs/spec/data-entry.md 4.3).
 */
export function ConnectionStatus({ state }: { state: EditState }) {
  const intl = useIntl();
  const online = useOnline();
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const inflight = useRef(state.inflight);
  useEffect(() => {
    // A send ended without a network failure or a conflict: the server has everything sent.
    if (
      inflight.current !== null &&
      state.inflight === null &&
      state.failures === 0 &&
      state.mode === 'editing'
    )
      setSavedAt(new Date());
    inflight.current = state.inflight;
  }, [state.inflight, state.failures, state.mode]);
  if (state.mode !== 'editing') return null;
  const now = connectionState(state, online, savedAt);
  const text = intl.formatMessage(
    { id: `editing.connection.${now}` },
    {
      waiting: hasUnsent(state) ? 'yes' : 'no',
      time: savedAt ? formatCentreTime(intl, savedAt, { hour: 'numeric', minute: '2-digit' }) : '',
    },
  );
  return (
    <p className={`connection-status connection-${now}`} role="status" data-connection={now}>
      {text}
    </p>
  );
}
