import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validateAgencySitrep } from '../agency-sitrep/index.ts';
import { validateInventoryRows } from '../inventory.ts';
import { nationalDraftErrors, nationalPublishErrors } from '../national-sitrep/index.ts';
import { englishMessage, FieldError, fieldError, SERVER_MESSAGES, type ServerMessageCode } from './index.ts';
import { inRange, issueError } from './zod-issues.ts';

const names = (text: string) => [...text.matchAll(/\{(\w+)(?:, number)?\}/g)].map((m) => m[1]).sort();
const firstIssue = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) throw new Error('expected a refusal');
  return result.error.issues[0] as z.core.$ZodIssue;
};

describe('the one catalogue of server messages', () => {
  it('has an English and a French text for every code, with the same parameters', () => {
    for (const [code, texts] of Object.entries(SERVER_MESSAGES)) {
      expect(texts.en.trim(), code).not.toBe('');
      expect(texts.fr.trim(), code).not.toBe('');
      expect(texts.fr, code).not.toBe(texts.en);
      expect(names(texts.fr), code).toEqual(names(texts.en));
      expect(code, code).toMatch(/^[a-z]+\.[a-z_]+$/);
    }
  });

  it('fills the parameters into the English message, numbers as sent', () => {
    expect(englishMessage('sitrep.locked', { name: 'ab' })).toBe('The sitrep is being edited by ab.');
    expect(englishMessage('field.between', { min: 0, max: 50000 })).toBe('Must be between 0 and 50000');
    expect(fieldError('field.max', { max: 100 })).toEqual({
      code: 'field.max',
      params: { max: 100 },
      message: 'Must be at most 100',
    });
  });
});

describe('zod issues as codes', () => {
  it('maps a number below or above its bound to field.min and field.max with the bound', () => {
    expect(issueError(firstIssue(z.number().min(3), 1))).toMatchObject({
      code: 'field.min',
      params: { min: 3 },
    });
    expect(issueError(firstIssue(z.number().max(9), 10))).toMatchObject({
      code: 'field.max',
      params: { max: 9 },
    });
  });

  it('maps lengths of strings and lists, an empty required text included', () => {
    expect(issueError(firstIssue(z.string().max(200), 'x'.repeat(201)))).toEqual(
      fieldError('field.too_long', { max: 200 }),
    );
    expect(issueError(firstIssue(z.string().min(1), ''))).toEqual(fieldError('field.required'));
    expect(issueError(firstIssue(z.string().min(4), 'ab'))).toEqual(
      fieldError('field.too_short', { min: 4 }),
    );
    expect(issueError(firstIssue(z.array(z.number()).max(2), [1, 2, 3]))).toEqual(
      fieldError('field.too_many', { max: 2 }),
    );
  });

  it('maps a wrong type to field.invalid_type, a missing or empty value to field.required, a fraction to field.whole', () => {
    expect(issueError(firstIssue(z.number(), 'abc'))).toEqual(
      fieldError('field.invalid_type', { expected: 'number' }),
    );
    expect(issueError(firstIssue(z.object({ a: z.number() }), {}))).toEqual(fieldError('field.required'));
    expect(issueError(firstIssue(z.number(), null))).toEqual(fieldError('field.required'));
    expect(issueError(firstIssue(z.number().int(), 1.5))).toEqual(fieldError('field.whole'));
  });

  it('maps a text of the wrong form to field.format', () => {
    expect(issueError(firstIssue(z.string().regex(/^\d+$/), 'x'))).toEqual(fieldError('field.format'));
  });

  it('maps an enum to field.one_of with its values', () => {
    expect(issueError(firstIssue(z.enum(['OC', 'BH']), 'X'))).toEqual(
      fieldError('field.one_of', { list: 'OC, BH' }),
    );
  });

  it("takes a refinement's code and params from the refinement, and refuses an unknown code as invalid", () => {
    expect(issueError(firstIssue(inRange(z.number(), 0, 100), 101))).toEqual(
      fieldError('field.between', { min: 0, max: 100 }),
    );
    const unknown = z.number().refine(() => false, { params: { code: 'nope.nope' } });
    expect(issueError(firstIssue(unknown, 1))).toEqual(fieldError('field.invalid'));
  });
});

describe('the rules of the forms answer codes of the catalogue', () => {
  const known = (errors: Record<string, unknown>) => {
    for (const [key, error] of Object.entries(errors)) {
      const parsed = FieldError.parse(error);
      expect(Object.hasOwn(SERVER_MESSAGES, parsed.code), `${key}: ${parsed.code}`).toBe(true);
      expect(parsed.message, key).toBe(englishMessage(parsed.code as ServerMessageCode, parsed.params));
    }
  };

  it('agency sitrep: a bound, a required choice, the section slot counting them', () => {
    const errors = validateAgencySitrep({
      a_hum: 50_001,
      priority_fires: [{ fires: '', percent_contained: 101 }],
    });
    expect(errors.a_hum).toEqual(fieldError('field.between', { min: 0, max: 50_000 }));
    expect(errors['priority_fires.0.fires']).toEqual(fieldError('field.required'));
    expect(errors['priority_fires.0.percent_contained']).toEqual(
      fieldError('field.between', { min: 0, max: 100 }),
    );
    known(errors);
  });

  it('national draft and publish: lengths, ranges, types and the preparedness level', () => {
    const draft = {
      en_summary_comments: 'x'.repeat(20_001),
      us_fires: -1,
      us_acres: 'abc',
      preparedness_level: '9',
    };
    const errors = nationalDraftErrors(draft);
    expect(errors.en_summary_comments).toEqual(fieldError('field.too_long', { max: 20_000 }));
    expect(errors.us_fires?.code).toBe('field.between');
    expect(errors.us_acres).toEqual(fieldError('field.invalid_type', { expected: 'number' }));
    expect(errors.form_0).toEqual(fieldError('field.section_has_errors'));
    known(errors);
    known(nationalPublishErrors({}));
  });

  it('inventory rows: required, a count out of range, exportable above seasonal', () => {
    const errors = validateInventoryRows(
      [
        { resources: { category: '', subcategory: '', item: '' }, seasonal: 1, exportable: 2 },
        { resources: { category: 'c', subcategory: 's', item: 'i' }, seasonal: -1, exportable: 0 },
      ] as never,
      undefined,
    );
    expect(errors['inventory.0.resources.item']).toEqual(fieldError('field.required'));
    expect(errors['inventory.0.exportable']).toEqual(fieldError('field.exportable_above_seasonal'));
    expect(errors['inventory.1.seasonal']?.code).toBe('field.between');
    known(errors);
  });
});
