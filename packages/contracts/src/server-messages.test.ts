import { describe, expect, it } from 'vitest';
import { SERVER_MESSAGES, serverMessage } from './server-messages.ts';

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
});
