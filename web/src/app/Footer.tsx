import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useNavPages } from '../shared/api/content.ts';
import './footer.css';

/**
 * Content pages linked from the footer rather than the top bar, in this order (`docs/decisions.md`).
 * Their names and text come from the content system's Page collection, in each language;
 * a page not published there is simply not linked.
 */
const FOOTER_PAGE_ALIASES = ['contact', 'privacy', 'accessibility', 'terms'] as const;

export const isFooterPage = (alias: string) => (FOOTER_PAGE_ALIASES as readonly string[]).includes(alias);

export function Footer() {
  const intl = useIntl();
  // The same cached list as the header's page links: no extra request.
  const pages = useNavPages('pages');
  const links = FOOTER_PAGE_ALIASES.flatMap((alias) => pages.filter((p) => p.alias === alias));
  return (
    <footer className="site-footer">
      <nav aria-label={intl.formatMessage({ id: 'shell.footer.nav' })}>
        <ul className="footer-links">
          {links.map((page) => (
            <li key={page.alias}>
              <Link to={`/page/${encodeURIComponent(page.alias)}`}>{page.name}</Link>
            </li>
          ))}
          {/* The open data page is the site's own, not a content page: always linked. */}
          <li>
            <Link to="/data">
              <FormattedMessage id="openData.title" />
            </Link>
          </li>
        </ul>
      </nav>
      <p>
        <FormattedMessage id="shell.orgName" />
      </p>
    </footer>
  );
}
