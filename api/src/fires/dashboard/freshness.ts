import type { DashboardFreshness } from '@ciffc/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import '../../feeds/tables.ts';

/** How old one agency's fire data is (docs/fires-import.md, "As of"). */
type AgencyFreshness = DashboardFreshness['items'][number];

/**
 * Per agency, the latest of: a successful run of its feed (a 304 confirms the data too), an import
 * limited to it (an agency user's import, or its feed) that accepted rows, and a national import
 * that inserted or changed one of its fires. A national import that leaves all of an agency's fires
 * unchanged is not counted: the history records changed fires only.
 */
export async function agencyFreshness(db: Kysely<Database>): Promise<AgencyFreshness[]> {
  const [feeds, ownImports, changes] = await Promise.all([
    db.selectFrom('fire_feeds').select(['agency_code', 'last_success_at', 'last_outcome']).execute(),
    db
      .selectFrom('fire_imports')
      .select(['agency_code'])
      .select((eb) => eb.fn.max('created_at').as('at'))
      .where('agency_code', 'is not', null)
      .where((eb) => eb(eb('inserted', '+', eb('updated', '+', eb.ref('unchanged'))), '>', 0))
      .groupBy('agency_code')
      .execute(),
    db
      .selectFrom('fire_versions as v')
      .innerJoin('fire_imports as i', 'i.id', 'v.import_id')
      .select(['v.agency_code'])
      .select((eb) => eb.fn.max('i.created_at').as('at'))
      .where('v.action', '!=', 'baseline')
      .groupBy('v.agency_code')
      .execute(),
  ]);
  const byAgency = new Map<string, AgencyFreshness>();
  const note = (agency: string | null, at: string | null) => {
    if (!agency || !at) return;
    const known = byAgency.get(agency);
    if (!known) byAgency.set(agency, { agency_code: agency, as_of: at, feed_failing: false });
    else if (at > known.as_of) known.as_of = at;
  };
  for (const r of ownImports) note(r.agency_code, String(r.at));
  for (const r of changes) note(r.agency_code, String(r.at));
  for (const f of feeds) note(f.agency_code, f.last_success_at);
  for (const f of feeds) {
    const entry = byAgency.get(f.agency_code);
    if (entry && f.last_outcome === 'failed') entry.feed_failing = true;
  }
  return [...byAgency.values()].sort((a, b) => a.agency_code.localeCompare(b.agency_code));
}

/** What the freshness answer depends on besides the fires' version: the feeds' last runs. */
export async function feedsStamp(db: Kysely<Database>): Promise<string> {
  const row = await db
    .selectFrom('fire_feeds')
    .select((eb) => [eb.fn.max('last_run_at').as('run'), eb.fn.count('agency_code').as('n')])
    .executeTakeFirst();
  return `feeds:${row?.run ?? ''}:${row?.n ?? 0}`;
}
