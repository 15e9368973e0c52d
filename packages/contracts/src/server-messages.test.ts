import { describe, expect, it } from 'vitest';
import { validateAgencySitrep } from './agency-sitrep/index.ts';
import { INVENTORY_MESSAGES } from './inventory.ts';
import { emptyNationalDraft, nationalDraftErrors, nationalPublishErrors } from './national-sitrep/index.ts';
import {
  FIELD_MESSAGES,
  fieldMessage,
  fieldMessageCode,
  fieldText,
  SERVER_MESSAGES,
  serverMessage,
} from './server-messages.ts';

describe('server messages', () => {
  it('has an English and a French text for every code, with the same parameters', () => {
    const names = (t: string) => [...t.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [code, texts] of Object.entries(SERVER_MESSAGES) as [string, { en: string; fr: string }][]) {
      expect(texts.en.trim(), code).not.toBe('');
      expect(texts.fr.trim(), code).not.toBe('');
      expect(texts.fr, code).not.toBe(texts.en);
      expect(names(texts.fr), code).toEqual(names(texts.en));
    }
  });

  it('fills the parameters in and leaves an unknown code to the English message', () => {
    expect(serverMessage('sitrep.locked', { name: 'ab' }, 'fr')).toBe(
      'Le sitrep est en cours de modification par ab.',
    );
    expect(serverMessage('nope', {}, 'fr')).toBeUndefined();
    expect(serverMessage(undefined, undefined, 'en')).toBeUndefined();
  });

  it('walks every field text: both languages, the same parameters, and the English text finds its code', () => {
    const names = (t: string) => [...t.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [code, texts] of Object.entries(FIELD_MESSAGES) as [
      keyof typeof FIELD_MESSAGES,
      { en: string; fr: string },
    ][]) {
      expect(texts.fr.trim(), code).not.toBe('');
      expect(texts.fr, code).not.toBe(texts.en);
      expect(names(texts.fr), code).toEqual(names(texts.en));
      const params = Object.fromEntries(names(texts.en).map((n, i) => [n as string, 7 + i]));
      const sent = fieldText(code, params);
      expect(fieldMessageCode(sent), code).toEqual({
        code,
        params: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
      });
      expect(fieldMessage(sent, 'fr'), code).not.toBe(sent);
    }
  });

  it('shows the sitrep rules and the inventory rules in French', () => {
    const errors = validateAgencySitrep({ a_hum: -1, a_ltg: 1.5, priority_fires: [{ fires: '' }] });
    expect(errors.a_hum).toBe('Must be between 0 and 50000');
    // The bounds are written as the page writes numbers (a no-break space in French, as fr-CA).
    expect(fieldMessage(errors.a_hum as string, 'fr')).toBe('Doit être entre 0 et 50\u00a0000');
    expect(fieldMessage(errors.a_hum as string, 'en')).toBe('Must be between 0 and 50,000');
    expect(Object.values(errors)).toContain('This section has 2 validation errors.');
    expect(fieldMessage('This section has 2 validation errors.', 'fr')).toBe(
      'Cette section contient 2 erreurs de validation.',
    );
    // Every text the sitrep rules wrote has a French text.
    for (const text of Object.values(errors)) expect(fieldMessageCode(text), text).toBeDefined();
    for (const text of Object.values(INVENTORY_MESSAGES)) expect(fieldMessageCode(text), text).toBeDefined();
    expect(fieldMessage(INVENTORY_MESSAGES.exportableAboveSeasonal, 'fr')).toBe(
      'L’exportable ne peut pas dépasser le saisonnier.',
    );
    // A text of no template is left as the server wrote it.
    expect(fieldMessage('Something else', 'fr')).toBe('Something else');
  });

  it('has a French text for every message the national draft rules write, zod defaults included', () => {
    const empty = emptyNationalDraft();
    const row = { key: 'k', group: 'g', to: '', from: 'z'.repeat(61), label: 'l'.repeat(201) };
    const drafts: unknown[] = [
      {
        ...empty,
        en_summary_comments: 'x'.repeat(20_001),
        duty_officer_name: 'y'.repeat(201),
        preparedness_level: '9',
        us_fires: -1,
        us_acres: -2,
        us_preparedness_level: 7,
        mobs_grouped: [{ ...row, resources: { amount: 0, category: '', subcategory: '', item: '' } }],
        demobs: Array.from({ length: 501 }, () => ({
          ...row,
          from: 'on',
          label: '',
          resources: { amount: 1, category: 'c', subcategory: 's', item: 'i' },
        })),
        national_to_mobs: { X: { resources: 'Y', ab: -1, bc: 1.5 } },
      },
      {
        ...empty,
        national_to_mobs: { X: { resources: 'Y' } },
        national_from_mobs: { Z: { resources: 'Z' } },
      },
      { ...empty, us_fires: 'abc', mobs_grouped: 'no', preparedness_level: 3 },
      null,
    ];
    const texts = new Set<string>();
    for (const draft of drafts) {
      for (const text of Object.values(nationalDraftErrors(draft))) texts.add(text);
      for (const text of Object.values(nationalPublishErrors(draft))) texts.add(text);
    }
    expect(texts.size).toBeGreaterThan(8);
    for (const text of texts) expect(fieldMessage(text, 'fr'), text).not.toBe(text);
    expect(fieldMessage('Too big: expected string to have <=200 characters', 'fr')).toBe(
      'Trop long : au plus 200 caractères',
    );
  });
});
