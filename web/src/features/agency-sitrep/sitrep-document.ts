import {
  AGENCIES,
  type AgencySitrepData,
  type AgencySitrepResponse,
  normaliseMobilizationGroups,
  SITREP_FIELD_NAMES,
} from '@ciffc/contracts';

/** The report's own fields out of the API's answer (status, claim and options left out). */
export function pickDocument(data: AgencySitrepResponse): AgencySitrepData {
  const out: Record<string, unknown> = {};
  for (const k of SITREP_FIELD_NAMES) if (data[k] !== undefined) out[k] = data[k];
  return out as AgencySitrepData;
}

/** Later rows of a mobilization group show the To and From of its first row (docs/spec/data-entry.md 4.6). */
export function withGroupsFollowingFirst(form: AgencySitrepData): AgencySitrepData {
  return form.mobs_grouped ? { ...form, mobs_grouped: normaliseMobilizationGroups(form.mobs_grouped) } : form;
}

export function agencyName(code: string, locale: 'en' | 'fr') {
  return AGENCIES.find((a) => a.code === code)?.name[locale] ?? code.toUpperCase();
}
