import { useEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocation } from 'react-router';
import { NotFoundPage } from './NotFoundPage.tsx';

const GUARD_KEY = 'ciffc.uploads-redirect';

/**
 * /uploads/*: the content system serves its files at the same origin under /uploads (the gateway
 * proxies it), so the browser is sent there with a full page load. If that load comes straight back
 * to the site (no proxy in front), the guard shows the 404 page instead of looping.
 */
export function UploadsRedirect({ assign = (url: string) => window.location.replace(url) }) {
  const location = useLocation();
  const target = location.pathname + location.search;
  const [looped, setLooped] = useState(false);
  // Once per target, also under StrictMode's repeated effects in development.
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (handled.current === target) return;
    handled.current = target;
    const last = sessionStorage.getItem(GUARD_KEY);
    const [lastTarget, at] = last ? last.split('\n') : [];
    if (lastTarget === target && Date.now() - Number(at) < 5000) {
      sessionStorage.removeItem(GUARD_KEY);
      setLooped(true);
      return;
    }
    sessionStorage.setItem(GUARD_KEY, `${target}\n${Date.now()}`);
    assign(target);
  }, [target, assign]);
  if (looped) return <NotFoundPage />;
  return (
    <p role="status">
      <FormattedMessage id="shell.redirecting" />
    </p>
  );
}
