/**
 * The national sitrep (docs/spec/data-entry.md 2.2, 3.2, 4.4-4.6, 5.2, 5.4) and the public national
 * situation report (docs/spec/public-site.md section 3), one module per section: the national
 * mobilization tables' rules (Total, To/From mirror, bring forward), the draft's schema with its
 * bounds and validationErrors keys, the editing calls' wire shapes, and the public report.
 */
export * from './draft.ts';
export * from './editing.ts';
export * from './mob-tables.ts';
export * from './public-report.ts';
export * from './report-date.ts';
