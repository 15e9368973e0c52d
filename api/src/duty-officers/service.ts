import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import { type DutyOfficer, listDutyOfficers } from './store.ts';

/** The national form's Current Duty Officer suggestions: active officers, the most recently on duty first. */
export const dutyOfficerSuggestions = (db: Kysely<Database>): Promise<DutyOfficer[]> => listDutyOfficers(db);
