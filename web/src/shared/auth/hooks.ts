import type { Identity } from '@ciffc/contracts';
import { useMemo, useSyncExternalStore } from 'react';
import { getSession, identityOf, type Session, subscribeSession } from './session.ts';

const serverSnapshot = () => null;

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, () => getSession(), serverSnapshot);
}

/** The signed-in user as the contracts' rules see it, or null. */
export function useIdentity(): Identity | null {
  const session = useSession();
  return useMemo(() => identityOf(session?.user), [session]);
}
