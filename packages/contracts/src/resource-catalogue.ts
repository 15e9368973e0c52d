import type { Locale } from './format.ts';

/**
 * The resource catalogue (docs/spec/data-entry.md 3.5): categories, subcategories per category and items
 * per subcategory, used by inventory rows, mobilizations, demobilizations and the resource
 * availability report. Item short names are unique across the catalogue; they key the national
 * mobilization tables and the short-name lists. The data API seeds its `resource_*` tables from
 * this list (one migration) and answers `/v1/resource/options` from the tables.
 */
export type LocalName = Record<Locale, string>;

interface CatalogueItem {
  /** `field_item_short`: unique, stable, upper case. */
  short: string;
  name: LocalName;
  /** Retired types stay in the full set (old reports name them) but leave the active set. */
  active?: boolean;
}

interface CatalogueSubcategory {
  /** Stable code, unique across the catalogue. */
  code: string;
  name: LocalName;
  items: readonly CatalogueItem[];
}

export interface CatalogueCategory {
  code: string;
  name: LocalName;
  subcategories: readonly CatalogueSubcategory[];
}

const item = (short: string, en: string, fr: string, active = true): CatalogueItem => ({
  short,
  name: { en, fr },
  ...(active ? {} : { active: false }),
});

/**
 * A realistic list of the resources Canadian agencies exchange through the national centre
 * (aircraft by type, crews and overhead by the national position codes, structure protection and
 * water delivery equipment). Order is display order.
 */
export const RESOURCE_CATALOGUE: readonly CatalogueCategory[] = [
  {
    code: 'aircraft',
    name: { en: 'Aircraft', fr: 'Aéronefs' },
    subcategories: [
      {
        code: 'airtankers',
        name: { en: 'Airtankers', fr: 'Avions-citernes' },
        items: [
          item('CL415', 'CL-415 / DHC-515 skimmer', 'CL-415 / DHC-515 écopeur'),
          item('CL215T', 'CL-215T skimmer (turbine)', 'CL-215T écopeur (turbine)'),
          item('CL215', 'CL-215 skimmer (piston)', 'CL-215 écopeur (piston)', false),
          item('AT802F', 'AT-802F Fire Boss (amphibious)', 'AT-802F Fire Boss (amphibie)'),
          item('AT802', 'AT-802 land-based tanker', 'AT-802 avion-citerne terrestre'),
          item('CV580', 'Convair 580 tanker', 'Convair 580 avion-citerne'),
          item('Q400', 'Q400MR (Dash 8-400) tanker', 'Q400MR (Dash 8-400) avion-citerne'),
          item('RJ85', 'Avro RJ85 tanker', 'Avro RJ85 avion-citerne'),
          item('L188', 'L-188 Electra tanker', 'L-188 Electra avion-citerne', false),
          item(
            'ATGRP',
            'Airtanker group (tankers with birddog)',
            'Groupe d’avions-citernes (avec avion de pointage)',
          ),
        ],
      },
      {
        code: 'fixed-wing',
        name: { en: 'Fixed Wing', fr: 'Voilure fixe' },
        items: [
          item('BD', 'Birddog / lead aircraft', 'Avion de pointage'),
          item('AC690', 'Turbo Commander 690 birddog', 'Turbo Commander 690 avion de pointage'),
          item('BE20', 'King Air 200 birddog', 'King Air 200 avion de pointage'),
          item('DHC6', 'DHC-6 Twin Otter transport', 'DHC-6 Twin Otter transport'),
          item('IRSCAN', 'Infrared scanning aircraft', 'Avion de balayage infrarouge'),
          item('FWT', 'Fixed-wing crew transport', 'Avion de transport d’équipes'),
        ],
      },
      {
        code: 'rotary-wing',
        name: { en: 'Rotary Wing', fr: 'Voilure tournante' },
        items: [
          item('HL', 'Light helicopter (Bell 206, AS350 B2)', 'Hélicoptère léger (Bell 206, AS350 B2)'),
          item(
            'HI',
            'Intermediate helicopter (Bell 407, AS350 B3)',
            'Hélicoptère intermédiaire (Bell 407, AS350 B3)',
          ),
          item('HM', 'Medium helicopter (Bell 205, 212, 412)', 'Hélicoptère moyen (Bell 205, 212, 412)'),
          item('HH', 'Heavy helicopter (S-61, S-64, CH-47)', 'Hélicoptère lourd (S-61, S-64, CH-47)'),
          item('HBKT', 'Helicopter with bucket', 'Hélicoptère avec seau'),
        ],
      },
    ],
  },
  {
    code: 'crews',
    name: { en: 'Crews', fr: 'Équipes' },
    subcategories: [
      {
        code: 'type-1-unit-crew',
        name: { en: 'Type 1 Unit Crew', fr: 'Équipe d’unité de type 1' },
        items: [
          item('UC20', 'Type 1 unit crew (20 persons)', 'Équipe d’unité de type 1 (20 personnes)'),
          item(
            'IA3',
            'Type 1 initial attack crew (3 persons)',
            'Équipe d’attaque initiale de type 1 (3 personnes)',
          ),
          item(
            'IA4',
            'Type 1 initial attack crew (4 persons)',
            'Équipe d’attaque initiale de type 1 (4 personnes)',
          ),
          item('RAP', 'Rappel crew', 'Équipe de descente en rappel'),
        ],
      },
      {
        code: 'type-2-crew',
        name: { en: 'Type 2 Crew', fr: 'Équipe de type 2' },
        items: [
          item(
            'T2C20',
            'Type 2 sustained action crew (20 persons)',
            'Équipe d’attaque soutenue de type 2 (20 personnes)',
          ),
          item('T2C5', 'Type 2 crew (5 persons)', 'Équipe de type 2 (5 personnes)'),
        ],
      },
      {
        code: 'type-3-crew',
        name: { en: 'Type 3 Crew', fr: 'Équipe de type 3' },
        items: [item('T3C', 'Type 3 crew (mop-up, 5 persons)', 'Équipe de type 3 (extinction, 5 personnes)')],
      },
    ],
  },
  {
    code: 'overhead',
    name: { en: 'Overhead', fr: 'Personnel de direction' },
    subcategories: [
      {
        code: 'imt',
        name: { en: 'IMT', fr: 'ÉGI' },
        items: [
          item('IMT1', 'Incident management team, complex', 'Équipe de gestion des incidents, complexe'),
          item('IMT2', 'Incident management team, type 2', 'Équipe de gestion des incidents, type 2'),
          item('IMT3', 'Incident management team, type 3', 'Équipe de gestion des incidents, type 3'),
        ],
      },
      {
        code: 'command-general-staff',
        name: { en: 'Command and General Staff', fr: 'Commandement et état-major' },
        items: [
          item('ICT1', 'Incident commander type 1', 'Commandant des interventions type 1'),
          item('ICT2', 'Incident commander type 2', 'Commandant des interventions type 2'),
          item('ICT3', 'Incident commander type 3', 'Commandant des interventions type 3'),
          item('OSC', 'Operations section chief', 'Chef de la section des opérations'),
          item('PSC', 'Planning section chief', 'Chef de la section de la planification'),
          item('LSC', 'Logistics section chief', 'Chef de la section de la logistique'),
          item('FSC', 'Finance section chief', 'Chef de la section des finances'),
          item('SOF', 'Safety officer', 'Agent de sécurité'),
          item('IOF', 'Information officer', 'Agent d’information'),
          item('LOFR', 'Liaison officer', 'Agent de liaison'),
        ],
      },
      {
        code: 'operations',
        name: { en: 'Operations', fr: 'Opérations' },
        items: [
          item('DIVS', 'Division supervisor', 'Superviseur de division'),
          item('TFLD', 'Task force leader', 'Chef de groupe d’intervention'),
          item('STL', 'Strike team leader', 'Chef d’équipe d’intervention'),
          item('CRWB', 'Crew boss', 'Chef d’équipe'),
          item(
            'AOBD',
            'Air operations branch director',
            'Directeur de la direction des opérations aériennes',
          ),
          item('ATGS', 'Air tactical group supervisor', 'Superviseur du groupe tactique aérien'),
          item('HEB', 'Helibase manager', 'Gestionnaire d’héliport'),
          item('SPSP', 'Structure protection specialist', 'Spécialiste de la protection des structures'),
          item('HEQB', 'Heavy equipment boss', 'Chef d’équipement lourd'),
        ],
      },
      {
        code: 'planning-logistics',
        name: { en: 'Planning and Logistics', fr: 'Planification et logistique' },
        items: [
          item('FBAN', 'Fire behaviour analyst', 'Analyste du comportement des incendies'),
          item('SITL', 'Situation unit leader', 'Chef de l’unité de la situation'),
          item('RESL', 'Resources unit leader', 'Chef de l’unité des ressources'),
          item('GISS', 'GIS specialist', 'Spécialiste en SIG'),
          item('SUPL', 'Supply unit leader', 'Chef de l’unité de l’approvisionnement'),
          item('FACL', 'Facilities unit leader', 'Chef de l’unité des installations'),
          item('COML', 'Communications unit leader', 'Chef de l’unité des communications'),
        ],
      },
    ],
  },
  {
    code: 'equipment',
    name: { en: 'Equipment', fr: 'Équipement' },
    subcategories: [
      {
        code: 'sprinkler-kits',
        name: { en: 'Sprinkler kits', fr: 'Trousses de gicleurs' },
        items: [
          item(
            'SPU1',
            'Structure protection unit type 1 (trailer)',
            'Unité de protection des structures type 1 (remorque)',
          ),
          item('SPU2', 'Structure protection unit type 2', 'Unité de protection des structures type 2'),
          item('SK', 'Sprinkler kit (25 structures)', 'Trousse de gicleurs (25 structures)'),
        ],
      },
      {
        code: 'pumps',
        name: { en: 'Pumps', fr: 'Pompes' },
        items: [
          item('MK3', 'Mark-3 high-pressure pump', 'Pompe haute pression Mark-3'),
          item('WICK375', 'WICK 375 pump', 'Pompe WICK 375'),
          item('WICK100', 'WICK 100 lightweight pump', 'Pompe légère WICK 100'),
          item('FLOAT', 'Floating pump', 'Pompe flottante'),
          item('MK26', 'Mark-26 pump', 'Pompe Mark-26', false),
        ],
      },
      {
        code: 'hose',
        name: { en: 'Hose', fr: 'Tuyaux' },
        items: [
          item(
            'H38',
            '38 mm (1.5 in) forestry hose, 30 m length',
            'Tuyau forestier 38 mm (1,5 po), longueur de 30 m',
          ),
          item(
            'H25',
            '25 mm (1 in) forestry hose, 30 m length',
            'Tuyau forestier 25 mm (1 po), longueur de 30 m',
          ),
          item('H64', '64 mm (2.5 in) hose, 30 m length', 'Tuyau 64 mm (2,5 po), longueur de 30 m'),
        ],
      },
      {
        code: 'heads',
        name: { en: 'Sprinkler heads', fr: 'Têtes de gicleurs' },
        items: [
          item('HEADS', 'Sprinkler heads', 'Têtes de gicleurs'),
          item('WYES', 'Gated wyes', 'Raccords en Y à vannes'),
        ],
      },
      {
        code: 'heavy-equipment',
        name: { en: 'Heavy Equipment', fr: 'Équipement lourd' },
        items: [
          item('DOZ', 'Dozer with operator', 'Bouteur avec opérateur'),
          item('EXC', 'Excavator with operator', 'Excavatrice avec opérateur'),
          item('WT', 'Water tender', 'Camion-citerne'),
          item('ENG', 'Wildland fire engine', 'Autopompe de feux de forêt'),
        ],
      },
    ],
  },
];

/** The short-name lists of docs/spec/data-entry.md 3.5; every entry is an item's `field_item_short`. */
export const SHORTNAME_LIST_NAMES = ['default', 'expanded', 'short'] as const;
export type ShortnameListName = (typeof SHORTNAME_LIST_NAMES)[number];

/**
 * `short`: the compact rows of the national mobilization tables (one line per family);
 * `default`: the rows a new national sitrep starts with; `expanded`: every type a table may show.
 */
export const SHORTNAME_LISTS: Record<ShortnameListName, readonly string[]> = {
  short: ['UC20', 'IMT1', 'ATGRP', 'HM', 'SK', 'MK3', 'H38'],
  default: [
    'UC20',
    'IA3',
    'IMT1',
    'IMT2',
    'ICT1',
    'DIVS',
    'CL415',
    'ATGRP',
    'BD',
    'HM',
    'HI',
    'SK',
    'MK3',
    'H38',
    'HEADS',
  ],
  expanded: [
    'UC20',
    'IA3',
    'IA4',
    'RAP',
    'T2C20',
    'IMT1',
    'IMT2',
    'IMT3',
    'ICT1',
    'ICT2',
    'ICT3',
    'OSC',
    'PSC',
    'LSC',
    'FSC',
    'SOF',
    'IOF',
    'LOFR',
    'DIVS',
    'TFLD',
    'STL',
    'AOBD',
    'ATGS',
    'HEB',
    'SPSP',
    'FBAN',
    'SITL',
    'RESL',
    'GISS',
    'CL415',
    'CL215T',
    'AT802F',
    'CV580',
    'Q400',
    'RJ85',
    'ATGRP',
    'BD',
    'IRSCAN',
    'HL',
    'HI',
    'HM',
    'HH',
    'SPU1',
    'SPU2',
    'SK',
    'MK3',
    'WICK375',
    'FLOAT',
    'H38',
    'H25',
    'H64',
    'HEADS',
    'WYES',
  ],
};
