/**
 * The 13 reporting agencies of docs/spec/public-site.md section 3, lower-case codes; the content
 * system's demo users are named by them (compiled for it by cms/scripts/build-contracts.mjs: keep this
 * module dependency-free).
 */
export const AGENCY_CODES = [
  'ab',
  'bc',
  'mb',
  'nb',
  'nl',
  'ns',
  'nt',
  'on',
  'pc',
  'pe',
  'qc',
  'sk',
  'yt',
] as const;
export type AgencyCode = (typeof AGENCY_CODES)[number];

export interface Agency {
  code: AgencyCode;
  name: { en: string; fr: string };
  website: string;
  website_priority_wildfires?: string;
  /** Whether the agency files a daily sitrep (GET /v1/agency?has_siterep=true). All 13 do. */
  has_sitrep: boolean;
  /** IANA zone of the agency's fire data ("Agency Data Timezone"). */
  time_zone: string;
}

export const AGENCIES: readonly Agency[] = [
  {
    code: 'ab',
    name: { en: 'Alberta', fr: 'Alberta' },
    website: 'https://www.alberta.ca/wildfire',
    website_priority_wildfires: 'https://www.alberta.ca/wildfire-status',
    has_sitrep: true,
    time_zone: 'America/Edmonton',
  },
  {
    code: 'bc',
    name: { en: 'British Columbia', fr: 'Colombie-Britannique' },
    website: 'https://www2.gov.bc.ca/gov/content/safety/wildfire-status',
    website_priority_wildfires: 'https://wildfiresituation.nrs.gov.bc.ca/',
    has_sitrep: true,
    time_zone: 'America/Vancouver',
  },
  {
    code: 'mb',
    name: { en: 'Manitoba', fr: 'Manitoba' },
    website: 'https://www.gov.mb.ca/wildfire/',
    has_sitrep: true,
    time_zone: 'America/Winnipeg',
  },
  {
    code: 'nb',
    name: { en: 'New Brunswick', fr: 'Nouveau-Brunswick' },
    website:
      'https://www2.gnb.ca/content/gnb/en/departments/erd/natural_resources/content/ForestsCrownLands/content/ForestFires.html',
    has_sitrep: true,
    time_zone: 'America/Moncton',
  },
  {
    code: 'nl',
    name: { en: 'Newfoundland and Labrador', fr: 'Terre-Neuve-et-Labrador' },
    website: 'https://www.gov.nl.ca/ffa/public-education/forestry/forest-fires/',
    has_sitrep: true,
    time_zone: 'America/St_Johns',
  },
  {
    code: 'ns',
    name: { en: 'Nova Scotia', fr: 'Nouvelle-Écosse' },
    website: 'https://novascotia.ca/natr/forestprotection/wildfire/',
    has_sitrep: true,
    time_zone: 'America/Halifax',
  },
  {
    code: 'nt',
    name: { en: 'Northwest Territories', fr: 'Territoires du Nord-Ouest' },
    website: 'https://www.gov.nt.ca/en/services/wildfire-operations',
    has_sitrep: true,
    time_zone: 'America/Yellowknife',
  },
  {
    code: 'on',
    name: { en: 'Ontario', fr: 'Ontario' },
    website: 'https://www.ontario.ca/page/forest-fires',
    has_sitrep: true,
    time_zone: 'America/Toronto',
  },
  {
    code: 'pc',
    name: { en: 'Parks Canada', fr: 'Parcs Canada' },
    website: 'https://parks.canada.ca/nature/science/conservation/feu-fire',
    has_sitrep: true,
    time_zone: 'America/Edmonton',
  },
  {
    code: 'pe',
    name: { en: 'Prince Edward Island', fr: 'Île-du-Prince-Édouard' },
    website: 'https://www.princeedwardisland.ca/en/topic/forests-and-fire',
    has_sitrep: true,
    time_zone: 'America/Halifax',
  },
  {
    code: 'qc',
    name: { en: 'Quebec', fr: 'Québec' },
    website: 'https://sopfeu.qc.ca/',
    has_sitrep: true,
    time_zone: 'America/Toronto',
  },
  {
    code: 'sk',
    name: { en: 'Saskatchewan', fr: 'Saskatchewan' },
    website: 'https://www.saskpublicsafety.ca/',
    has_sitrep: true,
    time_zone: 'America/Regina',
  },
  {
    code: 'yt',
    name: { en: 'Yukon', fr: 'Yukon' },
    website: 'https://yukon.ca/en/emergencies-and-safety/wildfires',
    has_sitrep: true,
    time_zone: 'America/Whitehorse',
  },
];

/** Map regions of the approval map: the 13 agencies' territories plus Nunavut, shown but not reporting. */
export const MAP_REGIONS = [
  'pc',
  'on',
  'sk',
  'mb',
  'ab',
  'nb',
  'pe',
  'ns',
  'qc',
  'nl',
  'bc',
  'nt',
  'nu',
  'yt',
] as const;
export const NUNAVUT = { code: 'nu', name: { en: 'Nunavut', fr: 'Nunavut' } } as const;

export function isAgencyCode(value: unknown): value is AgencyCode {
  return typeof value === 'string' && (AGENCY_CODES as readonly string[]).includes(value.toLowerCase());
}

export function agencyByCode(code: string): Agency | undefined {
  const lower = code.toLowerCase();
  return AGENCIES.find((a) => a.code === lower);
}
