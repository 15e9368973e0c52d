import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useLocale } from './LocaleProvider.tsx';
import { withLangParam } from './locale.ts';

/** Signed-in and password screens are not shared as links (a reset code is private): their addresses stay as they are. */
const PRIVATE_PREFIXES = ['/agency', '/login', '/forgot-password', '/reset-password'];

/**
 * Keeps `?lang=` in the address bar in step with the language, so a copied link opens in the same
 * language (`docs/decisions.md`). The router's history state is kept as it is.
 */
export function useLangInUrl(): void {
  const { locale } = useLocale();
  const { pathname, search, hash } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: each navigation (search, hash) may drop `lang`
  useEffect(() => {
    if (PRIVATE_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return;
    const next = withLangParam(window.location.href, locale);
    if (next) window.history.replaceState(window.history.state, '', next);
  }, [locale, pathname, search, hash]);
}
