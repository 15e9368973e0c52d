/**
 * The agency situation report (docs/spec/data-entry.md 3.1), one module per section: the form's
 * schemas with the bounds of 5.2, the sections and validation slots with the live totals of 2.1,
 * and the wire shapes of section 7.
 */
export * from './fields.ts';
export * from './fire-statistics.ts';
export * from './form.ts';
export * from './row-fields.ts';
export * from './rules.ts';
export * from './text-fields.ts';
export * from './wire.ts';
