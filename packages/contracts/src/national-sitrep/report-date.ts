/**
 * A report's date, apart from the report's wire schemas (public-report.ts): the situation page
 * reads it at load, and a module with zod calls at its top level is kept whole by the bundler (the
 * page loaded zod's schemas for this one check).
 */

/** YYYY-MM-DD that is a real calendar date. */
export function isReportDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}
