import { FireImport, type FireImportsPage, type FireVersionAction } from '@ciffc/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import { notFound } from '../../http/errors.ts';
import { fireVersions, type ImportSource, importWithFile, listImports } from './store.ts';

type Db = Kysely<Database>;

const IMPORTS_PAGE_SIZE = 50;

/** GET /v1/fires/imports: one page of imports, newest first; `agency` keeps only that agency's. */
export async function importsPage(
  db: Db,
  agency: string | undefined,
  page: number,
): Promise<FireImportsPage> {
  const { total, items } = await listImports(
    db,
    { agency },
    { limit: IMPORTS_PAGE_SIZE, offset: (page - 1) * IMPORTS_PAGE_SIZE },
  );
  return {
    items: items.map((i) => FireImport.parse(i)),
    meta: {
      page,
      page_size: IMPORTS_PAGE_SIZE,
      total_pages: Math.ceil(total / IMPORTS_PAGE_SIZE),
      total_results: total,
    },
  };
}

/**
 * One import's file as it was sent, with the name to send it under; another agency's import
 * answers as if it did not exist.
 */
export async function importFile(db: Db, id: number, agency: string | undefined) {
  const found = await importWithFile(db, id);
  if (!found || (agency && found.agency_code !== agency)) throw notFound('import.not_found');
  const extension = found.format === 'csv' ? 'csv' : 'geojson';
  return {
    name: (found.file_name ?? `fires-import-${found.id}.${extension}`).replace(/[^\w.-]/g, '_'),
    format: found.format,
    text: found.text,
  };
}

/** A fire's versions, newest first; 404 naming the fire when it has none. */
export async function versionsOfFire(db: Db, agency: string, fireId: string) {
  const rows = await fireVersions(db, agency, fireId);
  if (!rows.length) throw notFound('import.no_versions', { agency, fire: fireId });
  return {
    agency_code: agency,
    agency_fire_id: fireId,
    items: rows.map(({ id, import_id, action, recorded_at, source, username, ...fire }) => ({
      version_id: id,
      import_id,
      action: action as FireVersionAction,
      recorded_at,
      source: source as ImportSource,
      username,
      fire,
    })),
  };
}
