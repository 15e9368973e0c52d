import { type AgencyCode, isAgencyCode } from './agencies.ts';
import { type FeatureAlias, isFeaturePublished } from './features.ts';
import { PRODUCT } from './product.ts';

/** What the site and the data API know of a signed-in user (from the content system). */
export interface Identity {
  id: number;
  username: string;
  role: string;
  agency_code?: string | null;
}

/** Role names compare case-insensitively (docs/spec/public-site.md section 6). */
function hasRole(identity: Pick<Identity, 'role'> | null | undefined, role: string): boolean {
  return !!identity && identity.role.toLowerCase() === role.toLowerCase();
}

export function isNational(identity: Pick<Identity, 'role'> | null | undefined): boolean {
  return hasRole(identity, PRODUCT);
}

function isAuthenticatedRole(identity: Pick<Identity, 'role'> | null | undefined): boolean {
  return hasRole(identity, 'Authenticated');
}

/** An agency user: role AUTHENTICATED with an agency code among the 13 known. */
export function agencyOf(identity: Identity | null | undefined): AgencyCode | undefined {
  if (!identity || !isAuthenticatedRole(identity)) return undefined;
  const code = identity.agency_code?.toLowerCase();
  return isAgencyCode(code) ? code : undefined;
}

/** May this identity read the given agency's sitrep / inventory? Own agency, or the national centre. */
export function canReadAgency(identity: Identity | null | undefined, agency: string): boolean {
  if (isNational(identity)) return true;
  return agencyOf(identity) === agency.toLowerCase();
}

/** May this identity edit the given agency's sitrep or inventory? Only that agency's user. */
export function canWriteAgency(identity: Identity | null | undefined, agency: string): boolean {
  return agencyOf(identity) === agency.toLowerCase();
}

export type SidebarItem =
  | 'overview'
  | 'agency-sitrep-input'
  | 'national-sitrep-input'
  | 'inventory-input'
  | 'inventory-summary'
  | 'reports-and-exports';

const SIDEBAR_FEATURE: Record<SidebarItem, FeatureAlias | undefined> = {
  overview: undefined,
  'agency-sitrep-input': 'sitrep-input-agency',
  'national-sitrep-input': 'sitrep-input-national',
  'inventory-input': 'inventory-input',
  'inventory-summary': 'inventory',
  'reports-and-exports': 'reports-and-exports',
};

/** Visibility rules of the agency sidebar (docs/spec/public-site.md section 2, "Agency sidebar"). */
export function isSidebarItemVisible(
  item: SidebarItem,
  identity: Identity | null | undefined,
  published: readonly string[] | undefined,
): boolean {
  if (!isFeaturePublished(SIDEBAR_FEATURE[item], published)) return false;
  switch (item) {
    case 'overview':
    case 'inventory-summary':
      return true;
    case 'agency-sitrep-input':
    case 'inventory-input':
      return agencyOf(identity) !== undefined;
    case 'national-sitrep-input':
    case 'reports-and-exports':
      return isNational(identity);
  }
}

/** Where a screen's access rule sends a user (docs/spec/data-entry.md section 2, "Access redirects"). */
export type Access = 'allow' | '/login' | '/agency';
export type ScreenRule = 'signed-in' | 'agency-user' | 'agency-or-national' | 'national';

export function screenAccess(rule: ScreenRule, identity: Identity | null | undefined): Access {
  if (!identity) return '/login';
  const national = isNational(identity);
  const agencyUser = agencyOf(identity) !== undefined;
  switch (rule) {
    case 'signed-in':
      return national || isAuthenticatedRole(identity) ? 'allow' : '/agency';
    case 'agency-user':
      return agencyUser ? 'allow' : '/agency';
    case 'agency-or-national':
      return agencyUser || national ? 'allow' : '/agency';
    case 'national':
      return national ? 'allow' : '/agency';
  }
}
