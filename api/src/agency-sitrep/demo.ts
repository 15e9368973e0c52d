import {
  AGENCY_CODES,
  type AgencyCode,
  type AgencySitrepData,
  catalogueOptions,
  demoReportNumbers,
  type MobilizationRow,
  type ResourceAvailabilityRow,
} from '@ciffc/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import { random } from '../fires/demo.ts';
import { centreToday } from '../http/time.ts';
import { dipFeedStatistics, fireOptions } from './fire-data.ts';
import { appendHistory, updateSitrep } from './store.ts';

/**
 * Demo mode: every agency gets a plausible report so the overview looks real. Three are not
 * started, the others have an approved and published copy from yesterday's national sitrep and a
 * newer draft in every status: being edited, submitted, approved again, and one rejected.
 */
const DEMO_PLAN: Record<AgencyCode, 'N' | 'E' | 'S' | 'R' | 'A'> = {
  ab: 'E',
  bc: 'S',
  mb: 'A',
  nb: 'N',
  nl: 'N',
  ns: 'S',
  nt: 'R',
  on: 'A',
  pc: 'E',
  pe: 'N',
  qc: 'S',
  sk: 'A',
  yt: 'E',
};

const SUMMARIES: [string, string][] = [
  [
    'Hot and dry conditions persist across the south; lightning overnight started several new fires. Initial attack was successful on most starts.',
    'Les conditions chaudes et sèches persistent dans le sud; la foudre a allumé plusieurs nouveaux feux la nuit dernière. L’attaque initiale a réussi sur la plupart des départs.',
  ],
  [
    'Cooler temperatures and scattered showers reduced fire behaviour. Crews continue mop-up on the larger fires.',
    'Des températures plus fraîches et des averses éparses ont réduit le comportement des feux. Les équipes poursuivent l’extinction des grands feux.',
  ],
  [
    'A cold front brought strong winds; two fires grew significantly. Structure protection deployed near one community.',
    'Un front froid a amené des vents forts; deux feux ont beaucoup progressé. Protection des structures déployée près d’une collectivité.',
  ],
];

function demoDocument(
  agency: AgencyCode,
  seed: number,
  fires: { fires: string; latitude: number; longitude: number; stage_of_control: string; size: number }[],
): AgencySitrepData {
  const rand = random(seed);
  const int = (max: number) => Math.floor(rand() * (max + 1));
  const options = catalogueOptions('en', { activeOnly: true });
  const items = Object.values(options.resources).flatMap((bySub) => Object.values(bySub).flat());
  const pickItem = () => items[int(items.length - 1)] ?? items[0];
  const choice = () => {
    const i = pickItem();
    return {
      category: i?.field_category ?? '',
      subcategory: i?.field_subcategory ?? '',
      item: i?.field_item_short ?? '',
    };
  };
  const others = AGENCY_CODES.filter((a) => a !== agency);
  const other = () => others[int(others.length - 1)] ?? 'bc';
  const [en, fr] = SUMMARIES[int(SUMMARIES.length - 1)] ?? SUMMARIES[0] ?? ['', ''];
  const level = 1 + int(3);
  const mobsTo = other();
  const mobs_grouped: MobilizationRow[] = Array.from({ length: int(3) }, (_, i) => ({
    key: `g${i}`,
    group: 'g1',
    to: mobsTo,
    from: agency,
    resources: { ...choice(), amount: 1 + int(20) },
  }));
  const rars: ResourceAvailabilityRow[] = Array.from({ length: 1 + int(2) }, (_, i) => ({
    key: `r${i}`,
    available: 1 + int(10),
    resources: choice(),
  }));
  return {
    en_ops_summary: en,
    fr_ops_summary: fr,
    // The registry's numbers, drawn in form order from the same seed: a new field gets demo values too.
    ...demoReportNumbers(rand, [
      'newFires',
      'fullResponse',
      'modifiedResponse',
      'monitoredResponse',
      'prescribedFires',
    ]),
    priority_fires: fires.slice(0, int(3)).map((f, i) => ({
      key: `p${i}`,
      ...f,
      size: Math.round(f.size * 10) / 10,
      stage_of_control: ['OC', 'BH', 'UC', 'OUT'].includes(f.stage_of_control) ? f.stage_of_control : 'OC',
      incident_type: 1 + int(4),
      percent_contained: int(100),
      comments_en: 'Values at risk nearby; crews and air support assigned.',
      comments_fr: 'Valeurs à risque à proximité; équipes et soutien aérien affectés.',
    })),
    ...demoReportNumbers(rand, ['fop']),
    current_fire_hazard: level + int(1),
    current_fire_load: level,
    expected_fire_load: level + int(1),
    agency_resource_levels: Math.min(4, level),
    ciffc_response_capacity: 1 + int(2),
    prep_level_override: 0,
    en_prep_comment: 'Preparedness reviewed at the morning briefing.',
    fr_prep_comment: 'Niveau de préparation revu au breffage du matin.',
    en_porr_text: rand() < 0.5 ? 'Possible request for two unit crews if the forecast holds.' : '',
    fr_porr_text:
      rand() < 0.5 ? 'Demande possible de deux équipes d’unité si les prévisions se maintiennent.' : '',
    ...demoReportNumbers(rand, ['chh']),
    mobs_grouped,
    mobs: [],
    demobs: [],
    rars,
    duty_officer: `${agency.toUpperCase()} Duty Officer`,
    duty_officer_24_hour_cell: `555-01${String(10 + int(89))}`,
  };
}

/** Seeds once: only when no agency has a version yet. */
export async function seedAgencySitrepDemo(db: Kysely<Database>, now: Date): Promise<{ seeded: number }> {
  const started = await db
    .selectFrom('agency_sitreps')
    .select('agency')
    .where('version_number', '>', 0)
    .limit(1)
    .execute();
  if (started.length > 0) return { seeded: 0 };
  const today = centreToday(now);
  const yesterday = new Date(now.getTime() - 86_400_000).toISOString();
  let seeded = 0;
  for (const [i, agency] of AGENCY_CODES.entries()) {
    const plan = DEMO_PLAN[agency];
    if (plan === 'N') continue;
    const fires = Object.values(await fireOptions(db, agency, now)).slice(0, 5);
    // Every agency's figures come from the fires table, fed or not, so the overview, the draft and
    // the public pages agree (one source for the demo).
    const fed = await dipFeedStatistics(db, agency, now);
    const v1 = { ...demoDocument(agency, 1000 + i, fires), ...fed, fire_statistics_as_of: today };
    const v2 = { ...demoDocument(agency, 2000 + i, fires), ...fed, fire_statistics_as_of: today };
    const user = { user_id: null, username: agency };
    await db.transaction().execute(async (trx) => {
      const add = (
        version: number,
        kind: 'save' | 'approve' | 'submit' | 'reject',
        doc: AgencySitrepData,
        at: string,
        username: string = agency,
      ) =>
        appendHistory(trx, {
          agency,
          version,
          kind,
          ...user,
          username,
          created_at: at,
          document: JSON.stringify(doc),
        });
      // Yesterday: saved, approved and published with the national sitrep.
      await add(1, 'save', v1, yesterday);
      await add(1, 'approve', v1, yesterday, 'ciffc');
      // Today: a newer draft in the planned state.
      await add(2, 'save', v2, now.toISOString());
      if (plan === 'S' || plan === 'A' || plan === 'R') await add(2, 'submit', v2, now.toISOString());
      if (plan === 'A') await add(2, 'approve', v2, now.toISOString(), 'ciffc');
      if (plan === 'R') await add(2, 'reject', v2, now.toISOString(), 'ciffc');
      await trx
        .updateTable('agency_sitreps')
        .set({ version_number: 2 })
        .where('agency', '=', agency)
        .execute();
      await updateSitrep(trx, agency, {
        status: plan,
        document: JSON.stringify(v2),
        validation_errors: '{}',
        edited_by: agency,
        last_edit: now.toISOString(),
        approved_version: plan === 'A' ? 2 : 1,
        approved_at: plan === 'A' ? now.toISOString() : yesterday,
        approved_by: 'ciffc',
        published_version: 1,
        published_at: yesterday,
      });
    });
    seeded++;
  }
  return { seeded };
}
