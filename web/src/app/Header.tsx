import { type FeatureAlias, isFeaturePublished } from '@ciffc/contracts';
import { memo, useDeferredValue, useEffect, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, NavLink, useLocation } from 'react-router';
import { type LocalizedContent, putPreferredLocale } from '../shared/api/cms.ts';
import { useFeatureAliases, useNavPages } from '../shared/api/content.ts';
import { useSession } from '../shared/auth/hooks.ts';
import { useLocale } from '../shared/i18n/LocaleProvider.tsx';
import type { MessageId } from '../shared/i18n/message-id.ts';
import { isFooterPage } from './Footer.tsx';

/** Primary links of docs/spec/public-site.md section 2, "Header", each shown only if its feature is published. */
const PRIMARY_LINKS: readonly { feature: FeatureAlias; to: string; labelId: MessageId }[] = [
  { feature: 'national-sitrep-archive', to: '/situation/archive', labelId: 'shell.nav.situationReports' },
  { feature: 'national-summary', to: '/summary', labelId: 'shell.nav.summary' },
  { feature: 'national-fires', to: '/national', labelId: 'shell.nav.nationalFires' },
  { feature: 'fire-statistics', to: '/statistics', labelId: 'shell.nav.statistics' },
];

/**
 * Reads "English" while French is active and "Français" otherwise. Signed in, the choice is also
 * saved as the account's language, which the next sign-in applies; should the save fail, the page
 * keeps the language all the same (it is a preference, not a piece of work).
 */
function LanguageToggle() {
  const { locale, setLocale } = useLocale();
  const session = useSession();
  const target = locale === 'fr' ? 'en' : 'fr';
  const choose = () => {
    setLocale(target);
    if (session) putPreferredLocale(session.jwt, target).catch(() => undefined);
  };
  return (
    <button type="button" className="language-toggle" lang={target} onClick={choose}>
      <FormattedMessage id="shell.language.toggle" />
    </button>
  );
}

/**
 * The Login pill, or for a signed-in user whose work it is, linking to /agency: the upper-cased agency
 * code, or for the national centre's users its acronym in the page's language (CIFFC, CIIFF), never
 * a username in another case.
 */
function AccountPill({ loginPublished }: { loginPublished: boolean }) {
  const session = useSession();
  const intl = useIntl();
  if (session) {
    const code = session.user.agency_code;
    const label = code ? code.toUpperCase() : intl.formatMessage({ id: 'shell.account.centre' });
    return (
      <NavLink to="/agency" className="pill pill-account" end={false}>
        {label}
      </NavLink>
    );
  }
  if (!loginPublished) return null;
  return (
    <NavLink to="/login" className="pill pill-login">
      <FormattedMessage id="shell.nav.login" />
    </NavLink>
  );
}

const NavLinks = memo(function NavLinks({
  published,
  pages,
}: {
  published: readonly string[] | undefined;
  pages: LocalizedContent[];
}) {
  return (
    <ul className="nav-links">
      {PRIMARY_LINKS.filter((l) => isFeaturePublished(l.feature, published)).map((l) => (
        <li key={l.to}>
          <NavLink to={l.to}>
            <FormattedMessage id={l.labelId} />
          </NavLink>
        </li>
      ))}
      {pages
        .filter((page) => !isFooterPage(page.alias))
        .map((page) => (
          <li key={page.alias}>
            <NavLink to={`/page/${encodeURIComponent(page.alias)}`}>{page.name}</NavLink>
          </li>
        ))}
    </ul>
  );
});

export function Header() {
  const intl = useIntl();
  const { pathname } = useLocation();
  // The content system's answers arrive as the page draws: the links are drawn from deferred
  // copies, in slices, and not in the synchronous render of each answer (see DashboardPage).
  const deferredPublished = useDeferredValue(useFeatureAliases());
  const deferredPages = useDeferredValue(useNavPages('pages'));
  const [open, setOpen] = useState(false);
  const menuId = useId();

  // The small-screen menu closes on route change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the route change is the trigger
  useEffect(() => setOpen(false), [pathname]);

  return (
    <header className="site-header">
      <div className="site-header-bar">
        {/* The link's name is its visible text (WCAG 2.5.3 label in name). */}
        <Link to="/" className="logo">
          <span className="logo-mark">CIFFC</span>{' '}
          <span className="logo-name">
            <FormattedMessage id="shell.orgName" />
          </span>
        </Link>
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen((o) => !o)}
        >
          <span className="menu-icon" aria-hidden="true" />
          <FormattedMessage id="shell.menu" />
        </button>
        <nav
          id={menuId}
          className={open ? 'primary-nav open' : 'primary-nav'}
          aria-label={intl.formatMessage({ id: 'shell.nav.primary' })}
        >
          <NavLinks published={deferredPublished} pages={deferredPages} />
          <div className="header-actions">
            <LanguageToggle />
            <AccountPill loginPublished={isFeaturePublished('login', deferredPublished)} />
          </div>
        </nav>
      </div>
    </header>
  );
}
