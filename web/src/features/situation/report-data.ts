import type { PublicAgencySitrep, PublicNationalSitrep } from '@ciffc/contracts';

export const sum = (values: (number | null | undefined)[]) =>
  values.reduce<number>((s, v) => s + (v ?? 0), 0);

/** An agency's part of the report, by agency code. */
export type AgencyEntry = readonly [string, PublicAgencySitrep];
/** An agency's part with its approved sitrep (the figures of most tables). */
export type SitrepEntry = readonly [
  string,
  PublicAgencySitrep & { sitrep: NonNullable<PublicAgencySitrep['sitrep']> },
];

/** The agencies' parts of the report in agency order, and those of them with a sitrep. */
export function agencyEntries(report: PublicNationalSitrep): {
  entries: AgencyEntry[];
  withSitrep: SitrepEntry[];
} {
  const entries = report.agencies
    .map((a) => [a.field_code, report.agencies_sitereps[a.field_code]] as const)
    .filter((e): e is AgencyEntry => !!e[1]);
  const withSitrep = entries.filter(([, e]) => e.sitrep) as SitrepEntry[];
  return { entries, withSitrep };
}
