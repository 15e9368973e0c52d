import { describe, expect, it } from 'vitest';
import { canReadAgency, canWriteAgency, type Identity, isSidebarItemVisible, screenAccess } from './roles.ts';

const ab: Identity = { id: 1, username: 'ab', role: 'Authenticated', agency_code: 'ab' };
const ciffc: Identity = { id: 2, username: 'ciffc', role: 'ciffc' };
const unknownAgency: Identity = { id: 3, username: 'xx', role: 'authenticated', agency_code: 'xx' };
const otherRole: Identity = { id: 4, username: 'ed', role: 'Editor' };
const ALL = [
  'sitrep-input-agency',
  'sitrep-input-national',
  'inventory-input',
  'inventory',
  'reports-and-exports',
];

describe('permissions', () => {
  it('compares role names case-insensitively', () => {
    expect(canReadAgency(ciffc, 'bc')).toBe(true);
    expect(screenAccess('national', ciffc)).toBe('allow');
  });
  it('lets an agency user read and write only its own agency', () => {
    expect(canReadAgency(ab, 'AB')).toBe(true);
    expect(canReadAgency(ab, 'bc')).toBe(false);
    expect(canWriteAgency(ab, 'ab')).toBe(true);
    expect(canWriteAgency(ciffc, 'ab')).toBe(false);
    expect(canWriteAgency(unknownAgency, 'xx')).toBe(false);
  });
  it('sends anonymous users to /login and unqualified users to /agency', () => {
    expect(screenAccess('agency-user', null)).toBe('/login');
    expect(screenAccess('national', ab)).toBe('/agency');
    expect(screenAccess('agency-user', unknownAgency)).toBe('/agency');
    expect(screenAccess('signed-in', otherRole)).toBe('/agency');
    expect(screenAccess('agency-or-national', ciffc)).toBe('allow');
  });
});

describe('agency sidebar visibility (docs/spec/public-site.md section 2)', () => {
  it('shows Agency SitRep Input and Inventory Input to agency users with a known code only', () => {
    expect(isSidebarItemVisible('agency-sitrep-input', ab, ALL)).toBe(true);
    expect(isSidebarItemVisible('inventory-input', ab, ALL)).toBe(true);
    expect(isSidebarItemVisible('agency-sitrep-input', unknownAgency, ALL)).toBe(false);
    expect(isSidebarItemVisible('agency-sitrep-input', ciffc, ALL)).toBe(false);
  });
  it('shows National SitRep Input and Reports and Exports to CIFFC only', () => {
    expect(isSidebarItemVisible('national-sitrep-input', ciffc, ALL)).toBe(true);
    expect(isSidebarItemVisible('reports-and-exports', ciffc, ALL)).toBe(true);
    expect(isSidebarItemVisible('national-sitrep-input', ab, ALL)).toBe(false);
  });
  it('shows Inventory Summary to anyone, and hides items whose feature is not published', () => {
    expect(isSidebarItemVisible('inventory-summary', null, ALL)).toBe(true);
    expect(isSidebarItemVisible('inventory-summary', ab, ['login'])).toBe(false);
    expect(isSidebarItemVisible('agency-sitrep-input', ab, ['inventory'])).toBe(false);
  });
  it('allows everything while the alias list is loading', () => {
    expect(isSidebarItemVisible('reports-and-exports', ciffc, undefined)).toBe(true);
  });
});
