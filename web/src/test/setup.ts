import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { reloadSession } from '../shared/auth/session.ts';

// Lazy route modules are transformed on first import; on a busy 2-core machine that can pass the
// default 1 s of findBy*/waitFor.
configure({ asyncUtilTimeout: 5000 });

// jsdom does not lay out or scroll: its window.scrollTo only prints "Not implemented" on every
// navigation (the router scrolls to the top of each new page). Nothing to scroll, so a no-op.
window.scrollTo = () => {};

// Vitest globals are off, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  reloadSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  document.documentElement.lang = 'en';
});
