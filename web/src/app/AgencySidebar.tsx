import { agencyOf, isNational, isSidebarItemVisible, type SidebarItem } from '@ciffc/contracts';
import { FormattedMessage, useIntl } from 'react-intl';
import { NavLink, useNavigate } from 'react-router';
import { useFeatureAliases, useNavPages } from '../shared/api/content.ts';
import { signOut } from '../shared/auth/auth.ts';
import { useIdentity } from '../shared/auth/hooks.ts';
import type { MessageId } from '../shared/i18n/message-id.ts';

/** Items of docs/spec/public-site.md section 2, "Agency sidebar", in order. */
const SIDEBAR_ITEMS: readonly { item: SidebarItem; to: string; labelId: MessageId }[] = [
  { item: 'overview', to: '/agency', labelId: 'shell.sidebar.overview' },
  { item: 'agency-sitrep-input', to: '/agency/sitrep', labelId: 'shell.sidebar.agencySitrep' },
  { item: 'national-sitrep-input', to: '/agency/national', labelId: 'shell.sidebar.nationalSitrep' },
  { item: 'inventory-input', to: '/agency/inventory/input', labelId: 'shell.sidebar.inventoryInput' },
  { item: 'inventory-summary', to: '/agency/inventory', labelId: 'shell.sidebar.inventorySummary' },
  { item: 'reports-and-exports', to: '/agency/reports-and-exports', labelId: 'shell.sidebar.reports' },
];

export function AgencySidebar() {
  const intl = useIntl();
  const navigate = useNavigate();
  const identity = useIdentity();
  const published = useFeatureAliases();
  const national = isNational(identity);
  const agencyPages = useNavPages('agency-pages', !!identity);
  const ciffcPages = useNavPages('ciffc-pages', national);
  const pages = [...agencyPages, ...(national ? ciffcPages : [])];

  return (
    <nav className="agency-sidebar" aria-label={intl.formatMessage({ id: 'shell.sidebar.label' })}>
      <ul>
        {SIDEBAR_ITEMS.filter((i) => isSidebarItemVisible(i.item, identity, published)).map((i) => (
          // Overview and Inventory Summary would otherwise also be "current" on their sub-routes.
          <li key={i.item}>
            <NavLink to={i.to} end={i.item === 'overview' || i.item === 'inventory-summary'}>
              <FormattedMessage id={i.labelId} />
            </NavLink>
          </li>
        ))}
        {(national || agencyOf(identity)) && (
          <li>
            <NavLink to="/agency/fires-import">
              <FormattedMessage id="firesImport.sidebar" />
            </NavLink>
          </li>
        )}
        {(national || agencyOf(identity)) && (
          <li>
            <NavLink to="/agency/perimeters-import">
              <FormattedMessage id="perimetersImport.sidebar" />
            </NavLink>
          </li>
        )}
        {national && (
          <li>
            <NavLink to="/agency/fire-feeds">
              <FormattedMessage id="fireFeeds.sidebar" />
            </NavLink>
          </li>
        )}
        {pages.map((page) => (
          <li key={page.alias}>
            <NavLink to={`/agency/page/${encodeURIComponent(page.alias)}`}>{page.name}</NavLink>
          </li>
        ))}
        <li>
          <button
            type="button"
            className="link-button"
            onClick={() => {
              signOut();
              navigate('/login');
            }}
          >
            <FormattedMessage id="shell.sidebar.logout" />
          </button>
        </li>
      </ul>
    </nav>
  );
}
