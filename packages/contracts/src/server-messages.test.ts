import { describe, expect, it } from 'vitest';
import { validateAgencySitrep } from './agency-sitrep.ts';
import { INVENTORY_MESSAGES } from './inventory.ts';
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
    expect(errors.a_hum).toBe('Must be at least 0');
    expect(fieldMessage(errors.a_hum as string, 'fr')).toBe('Doit être au moins 0');
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
});
