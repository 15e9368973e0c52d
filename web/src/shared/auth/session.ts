import { type Identity, SESSION_SECONDS } from '@ciffc/contracts';

/** The user record of `/api/users/me?populate=*` (docs/spec/public-site.md section 3, "User"). */
export interface User {
  id: number;
  username: string;
  email?: string;
  agency_code?: string | null;
  preferredLocale?: string | null;
  role?: { name: string; type?: string } | null;
}

export interface Session {
  jwt: string;
  user: User;
  /** Epoch milliseconds; the stored session and the token both expire SESSION_SECONDS after login. */
  expiresAt: number;
}

export const SESSION_KEY = 'ciffc.session';

type Listener = () => void;
const listeners = new Set<Listener>();
let cached: Session | null | undefined;
let expiryTimer: ReturnType<typeof setTimeout> | undefined;

function isSession(value: unknown): value is Session {
  const v = value as Session | null;
  return (
    !!v &&
    typeof v.jwt === 'string' &&
    typeof v.expiresAt === 'number' &&
    !!v.user &&
    typeof v.user.username === 'string'
  );
}

function emit() {
  for (const listener of listeners) listener();
}

/** Editing pages mounted now: while there is one, an expired session is kept (see below). */
let editors = 0;
/** The session expired while a page was editing: cleared when the last editing page goes. */
let lapsed = false;
/** Another tab signed out while a page here was editing (the reauth dialog says so). */
let endedElsewhere = false;

/** Whether the session ended in another tab or window while this one edited. */
export const sessionEndedElsewhere = (): boolean => endedElsewhere;

function expire() {
  if (editors > 0) lapsed = true;
  else clearSession();
}

function scheduleExpiry(session: Session | null) {
  if (expiryTimer) clearTimeout(expiryTimer);
  expiryTimer = undefined;
  lapsed = false;
  if (session) expiryTimer = setTimeout(expire, Math.max(0, session.expiresAt - Date.now()));
}

/**
 * An editing page keeps an expiring session in place: the user stays on the page with what is
 * typed, the server refuses the expired token (401), and the page asks to sign in again there
 * (docs/decisions.md, "A lapsed session keeps the work"). Returns the release.
 */
export function keepSessionWhileEditing(): () => void {
  editors += 1;
  return () => {
    editors -= 1;
    if (editors === 0 && lapsed) clearSession();
  };
}

function load(now: number): Session | null {
  try {
    const raw = localStorage.getItem(SESSION_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (isSession(parsed) && parsed.expiresAt > now) return parsed;
    if (raw) localStorage.removeItem(SESSION_KEY);
  } catch {
    // Storage unavailable or corrupt: behave as signed out.
  }
  return null;
}

/** The current session, or null when signed out or expired. Stable between changes (for useSyncExternalStore). */
export function getSession(now = Date.now()): Session | null {
  if (cached === undefined) {
    cached = load(now);
    scheduleExpiry(cached);
  }
  if (cached && cached.expiresAt <= now) expire();
  return cached;
}

export function startSession(jwt: string, user: User, now = Date.now()): Session {
  const session: Session = { jwt, user, expiresAt: now + SESSION_SECONDS * 1000 };
  try {
    localStorage.setItem(SESSION_KEY, JSON.stringify(session));
  } catch {
    // The session still works for this tab.
  }
  cached = session;
  endedElsewhere = false;
  scheduleExpiry(session);
  emit();
  return session;
}

export function clearSession(): void {
  try {
    localStorage.removeItem(SESSION_KEY);
  } catch {
    // ignore
  }
  const changed = cached !== null;
  cached = null;
  scheduleExpiry(null);
  if (changed) emit();
}

/** Forget the in-memory copy so the next read goes to storage (tests, other tabs). */
export function reloadSession(): void {
  cached = undefined;
  emit();
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToken(): string | undefined {
  return getSession()?.jwt;
}

/** The contracts' view of a user, for role and visibility rules. */
export function identityOf(user: User | null | undefined): Identity | null {
  if (!user) return null;
  return {
    id: user.id,
    username: user.username,
    role: user.role?.name ?? '',
    agency_code: user.agency_code ?? null,
  };
}

if (typeof window !== 'undefined') {
  // Another tab signed in or out.
  window.addEventListener('storage', (event) => {
    if (event.key !== SESSION_KEY && event.key !== null) return;
    if (editors > 0 && cached && !load(Date.now())) {
      // Signed out elsewhere while this tab edits: the page keeps its form and the (now ended)
      // token, its next request is refused (401) and it asks to sign in again here, saying why,
      // instead of going to /login with what is typed (docs/decisions.md, "A lapsed session keeps
      // the work").
      endedElsewhere = true;
      lapsed = true;
      emit();
      return;
    }
    reloadSession();
  });
}
