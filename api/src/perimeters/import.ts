import {
  type AgencyCode,
  englishMessage,
  mappingParameter,
  PERIMETER_MAPPED_FIELDS,
  type PerimeterFormat,
  type PerimeterMessageCode,
  type PerimetersImportResult,
  type ServerMessageParams,
} from '@ciffc/contracts';
import type { Kysely } from 'kysely';
import type { Db } from '../db/index.ts';
import type { Database } from '../db/tables.ts';
import { bumpDataVersion } from '../db/versions.ts';
import { badRequest } from '../http/errors.ts';
import type { Candidate, FileAttribute } from './check.ts';
import { inspection, mappingKey, rememberMapping, savedMappings } from './field-mappings.ts';
import { publishedArea } from './geometry.ts';
import { attributeIn, type MappingChoice } from './mapping.ts';
import { DEFAULT_READER_LIMITS, type ReaderLimits, readPerimeterFile } from './reader.ts';
import { perimeterRefusal } from './refusals.ts';
import {
  captureKey,
  capturesOf,
  existingFires,
  fireKey,
  idlessCapturesAt,
  insertPerimeters,
  markCurrent,
  type NewPerimeter,
  replacePerimeter,
  type StoredCapture,
} from './store.ts';

export interface ImportOptions extends MappingChoice {
  /** An agency user's import: only this agency's perimeters are accepted. */
  ownAgency: AgencyCode | undefined;
  dryRun: boolean;
  now: Date;
  actor: { source: 'api' | 'cli' | 'feed' | 'demo'; userId: number | null; username: string | null };
  fileName?: string | undefined;
  /** The reader's heap and time (reader.ts); the API's configuration, else the defaults. */
  reader?: ReaderLimits | undefined;
}

type Accepted = PerimetersImportResult['accepted'][number];

const LISTED = 100;

const keyed = (c: Candidate) =>
  c.fields.agency_code !== null && c.fields.agency_fire_id !== null
    ? { agency_code: c.fields.agency_code, agency_fire_id: c.fields.agency_fire_id }
    : undefined;

function row(
  c: Candidate,
  year: number | null,
  importId: number | null,
  options: ImportOptions,
): NewPerimeter {
  const [min_lon, min_lat, max_lon, max_lat] = c.area.bbox;
  return {
    import_id: importId,
    source: options.actor.source,
    ...c.fields,
    fire_year: year,
    area_ha: c.area.areaHa,
    vertex_count: c.area.vertices,
    geometry: JSON.stringify(c.area.geometry),
    min_lon,
    min_lat,
    max_lon,
    max_lat,
    created_at: options.now.toISOString(),
  };
}

/**
 * The file's polygon as published (rounded as the downloads are), once per candidate: compared with
 * the stored capture's published text (`published_geometry`), so a downloaded file imported back is
 * unchanged rather than replaced by its own rounding, and no stored polygon is parsed again.
 */
const publishedShapes = new WeakMap<Candidate, string>();
function publishedShape(c: Candidate): string {
  let shape = publishedShapes.get(c);
  if (shape === undefined) {
    shape = JSON.stringify(publishedArea(c.area.geometry));
    publishedShapes.set(c, shape);
  }
  return shape;
}
const samePolygon = (stored: StoredCapture, c: Candidate) => stored.published === publishedShape(c);

interface Unmatched {
  code: PerimeterMessageCode;
  params: ServerMessageParams;
}

interface Action {
  action: Accepted['action'];
  replaces?: number;
  year: number | null;
}

/** The stored captures a file's candidates may repeat: of their fires, and id-less ones at their times. */
async function storedFor(db: Kysely<Database>, candidates: Candidate[]) {
  const keys = candidates.flatMap((c) => keyed(c) ?? []);
  const idlessTimes = candidates.filter((c) => !keyed(c)).map((c) => c.fields.captured_at);
  const [captures, fires, idless] = await Promise.all([
    capturesOf(db, keys),
    existingFires(db, keys),
    idlessCapturesAt(db, idlessTimes),
  ]);
  return { keys, captures, fires, idless };
}

/**
 * What each candidate would do against the stored captures: insert, replace the same fire's
 * capture of the same time, or nothing (the same polygon again). A fire is its agency, id and fire
 * year (the file's `FIRE_YEAR`, else the year of the fire holding the id): last season's fire of
 * the same id is another fire. A capture without a fire id is the same capture when its agency,
 * time and polygon are. A later feature of the file for the same capture wins over an earlier one.
 */
async function plan(db: Kysely<Database>, candidates: Candidate[]) {
  const { keys, captures, fires, idless } = await storedFor(db, candidates);
  const fireYear = (c: Candidate) => {
    const key = keyed(c);
    return key ? fires.get(fireKey(key.agency_code, key.agency_fire_id)) : undefined;
  };
  const yearOf = (c: Candidate) => c.fields.fire_year ?? fireYear(c) ?? null;
  const matched = (c: Candidate) => unmatchedReason(c) === undefined;
  /** Why a candidate matches no fire, as a code of the catalogue; undefined when it matches. */
  const unmatchedReason = (c: Candidate): Unmatched | undefined => {
    const { agency_code: agency, agency_fire_id: fire, fire_year: year } = c.fields;
    if (agency === null) return { code: 'perimeters.unmatched_no_agency', params: {} };
    if (fire === null) return { code: 'perimeters.unmatched_no_fire_id', params: {} };
    const heldYear = fires.get(fireKey(agency, fire));
    if (heldYear === undefined)
      return { code: 'perimeters.unmatched_no_fire', params: { fire, agency: agency.toUpperCase() } };
    if (year !== null && year !== heldYear)
      return {
        code: 'perimeters.unmatched_other_year',
        params: { fire, agency: agency.toUpperCase(), fire_year: heldYear, year },
      };
    return undefined;
  };
  const identity = (c: Candidate) => {
    const key = keyed(c);
    if (key) return captureKey(key.agency_code, key.agency_fire_id, yearOf(c), c.fields.captured_at);
    return `\u0000${c.fields.agency_code ?? ''}\u0000${c.fields.captured_at}\u0000${publishedShape(c)}`;
  };
  const before = (c: Candidate): StoredCapture | undefined => {
    const key = keyed(c);
    const year = yearOf(c);
    if (!key)
      return idless.find(
        (s) =>
          s.agency_code === c.fields.agency_code &&
          s.captured_at === c.fields.captured_at &&
          samePolygon(s, c),
      );
    const at = (y: number | null) =>
      captures.get(captureKey(key.agency_code, key.agency_fire_id, y, c.fields.captured_at));
    // A capture kept before its fire was known (no year) is the same capture once the fire is.
    return at(year) ?? (year === null ? undefined : at(null));
  };
  const lastOfIdentity = new Map(candidates.map((c) => [identity(c), c]));
  const actions = new Map<Candidate, Action>();
  for (const c of candidates) {
    if (lastOfIdentity.get(identity(c)) !== c) continue;
    const year = yearOf(c);
    const was = before(c);
    if (!was) actions.set(c, { action: 'inserted', year });
    else if (samePolygon(was, c) && was.agency_area_ha === c.fields.agency_area_ha && was.fire_year === year)
      actions.set(c, { action: 'unchanged', year });
    else actions.set(c, { action: 'replaced', replaces: was.id, year });
  }
  return { actions, matched, unmatchedReason, keys };
}

/**
 * Imports a perimeter file (docs/perimeters.md): every feature is mapped and checked alone, the
 * valid ones stored as captures of their fire (or alone when no fire matches: kept and listed),
 * the others refused with a reason. A dry run answers the same without writing.
 */
export async function importPerimeters(db: Db, bytes: Buffer, options: ImportOptions) {
  const file = await readPerimeterFile(bytes, options, options.reader ?? DEFAULT_READER_LIMITS);
  if (!file.total) throw perimeterRefusal(400, 'perimeters.no_features');
  checkMapping(file.attributes, options);
  const { candidates, refused } = file;
  const write = async (trx: Kysely<Database>) => {
    const { actions, matched, unmatchedReason, keys } = await plan(trx, candidates);
    const counts = { inserted: 0, replaced: 0, unchanged: 0 };
    for (const a of actions.values()) counts[a.action]++;
    const unmatchedCount = [...actions.keys()].filter((c) => !matched(c)).length;
    let importId: number | null = null;
    if (!options.dryRun) {
      importId = await recordImport(trx, file.format, bytes.length, options, {
        total: file.total,
        ...counts,
        refused: refused.length,
        unmatched: unmatchedCount,
      });
      const inserts = [...actions]
        .filter(([, a]) => a.action === 'inserted')
        .map(([c, a]) => row(c, a.year, importId, options));
      await insertPerimeters(trx, inserts);
      for (const [c, a] of actions)
        if (a.replaces !== undefined)
          await replacePerimeter(trx, a.replaces, row(c, a.year, importId, options));
      await markCurrent(trx, keys);
      if (counts.inserted || counts.replaced) await bumpDataVersion(trx, 'perimeters');
      if (options.mapping && PERIMETER_MAPPED_FIELDS.some((f) => options.mapping?.[f]))
        await rememberMapping(trx, mappingKey(options.ownAgency, options.fileAgency), options.mapping, {
          username: options.actor.username,
          now: options.now,
        });
    }
    const accepted: Accepted[] = [...actions].map(([c, a]) => {
      const why = unmatchedReason(c);
      return {
        feature: c.feature,
        agency_code: c.fields.agency_code,
        agency_fire_id: c.fields.agency_fire_id,
        captured_at: c.fields.captured_at,
        area_ha: c.area.areaHa,
        agency_area_ha: c.fields.agency_area_ha,
        matched: why === undefined,
        action: a.action,
        ...(why ? { code: why.code, params: why.params, reason: englishMessage(why.code, why.params) } : {}),
      };
    });
    return { importId, counts, accepted };
  };
  const { importId, counts, accepted } = options.dryRun
    ? await write(db.kysely)
    : await db.kysely.transaction().execute(write);
  const unmatched = accepted.filter((a) => !a.matched);
  const unmatchedReasons: Record<string, number> = {};
  for (const u of unmatched) if (u.code) unmatchedReasons[u.code] = (unmatchedReasons[u.code] ?? 0) + 1;
  return {
    import_id: importId,
    format: file.format,
    dry_run: options.dryRun,
    total_features: file.total,
    accepted_count: accepted.length,
    refused_count: refused.length,
    ...counts,
    unmatched_count: unmatched.length,
    accepted: accepted.slice(0, LISTED),
    unmatched: unmatched.slice(0, LISTED),
    unmatched_reasons: unmatchedReasons,
    refused: refused.slice(0, LISTED),
  } satisfies PerimetersImportResult;
}

/**
 * The mapping step's reading of a file (docs/perimeters.md, "Field mapping"): its attributes and
 * the mapping proposed for it, the file read in the perimeter reader but its features not checked.
 */
export async function inspectPerimeterFile(
  db: Db,
  bytes: Buffer,
  options: {
    ownAgency: AgencyCode | undefined;
    fileAgency: AgencyCode | undefined;
    now: Date;
    reader?: ReaderLimits | undefined;
  },
) {
  const file = await readPerimeterFile(
    bytes,
    { ownAgency: options.ownAgency, now: options.now, inspect: true },
    options.reader ?? DEFAULT_READER_LIMITS,
  );
  if (!file.total) throw perimeterRefusal(400, 'perimeters.no_features');
  const saved = await savedMappings(db.kysely, options.ownAgency);
  return inspection(file, saved, mappingKey(options.ownAgency, options.fileAgency));
}

/** Every attribute the mapping names is one of the file's: else 400 naming the query parameter. */
function checkMapping(attributes: readonly FileAttribute[], options: MappingChoice): void {
  const names = attributes.map((a) => a.name);
  for (const field of PERIMETER_MAPPED_FIELDS) {
    const attribute = options.mapping?.[field];
    if (attribute && attributeIn(names, attribute) === undefined)
      throw badRequest(mappingParameter(field), 'perimeters.mapping_unknown_attribute', { attribute });
  }
}

async function recordImport(
  db: Kysely<Database>,
  format: PerimeterFormat,
  fileBytes: number,
  options: ImportOptions,
  counts: {
    total: number;
    inserted: number;
    replaced: number;
    unchanged: number;
    refused: number;
    unmatched: number;
  },
): Promise<number> {
  const row = await db
    .insertInto('perimeter_imports')
    .values({
      created_at: options.now.toISOString(),
      source: options.actor.source,
      user_id: options.actor.userId,
      username: options.actor.username,
      agency_code: options.ownAgency ?? null,
      format,
      file_name: options.fileName ?? null,
      file_bytes: fileBytes,
      total_features: counts.total,
      inserted: counts.inserted,
      replaced: counts.replaced,
      unchanged: counts.unchanged,
      refused: counts.refused,
      unmatched: counts.unmatched,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
