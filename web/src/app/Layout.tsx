import { useEffect, useRef } from 'react';
import { FormattedMessage } from 'react-intl';
import { Outlet, ScrollRestoration, useLocation, useNavigation, useRouteError } from 'react-router';
import { useIdentity } from '../shared/auth/hooks.ts';
import { useLangInUrl } from '../shared/i18n/useLangInUrl.ts';
import { ErrorBox } from '../shared/ui/ErrorBox.tsx';
import { Loading } from '../shared/ui/Loading.tsx';
import { AgencySidebar } from './AgencySidebar.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';

/** Moves focus to <main> after a client-side navigation, so keyboard and screen reader users start at the new page. */
function useFocusMainOnNavigate(main: React.RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the route change is the trigger
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.focus({ preventScroll: true });
  }, [pathname]);
}

function NavigationProgress() {
  const navigation = useNavigation();
  return navigation.state === 'loading' ? (
    <div className="navigation-progress">
      <Loading inline />
    </div>
  ) : null;
}

/** Every route but /map: skip link, top bar, main landmark, footer. */
export function RootLayout() {
  const main = useRef<HTMLElement>(null);
  useFocusMainOnNavigate(main);
  useLangInUrl();
  return (
    <>
      <a className="skip-link" href="#main">
        <FormattedMessage id="shell.skipToContent" />
      </a>
      <Header />
      <NavigationProgress />
      <main id="main" ref={main} tabIndex={-1} className="site-main">
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </>
  );
}

/** /map: the dashboard embedded elsewhere; the top bar is replaced by a thin spacer. */
export function EmbeddedLayout() {
  useLangInUrl();
  return (
    <>
      <div className="embedded-spacer" aria-hidden="true" />
      <main id="main" className="site-main site-main-embedded">
        <Outlet />
      </main>
    </>
  );
}

/** /agency/*: the agency sidebar beside the screen, for a signed-in user. */
export function AgencyLayout() {
  const identity = useIdentity();
  if (!identity) return <Outlet />;
  return (
    <div className="agency-layout">
      <AgencySidebar />
      <div className="agency-content">
        <Outlet />
      </div>
    </div>
  );
}

/** A route that failed to load or threw: the catalogue's Error box. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return <ErrorBox />;
}

export function RouteLoading() {
  return <Loading />;
}
