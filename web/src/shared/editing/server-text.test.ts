import { fieldError, SERVER_MESSAGES, type ServerMessageCode } from '@ciffc/contracts';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../app/messages.ts';
import { ApiError } from '../api/http.ts';
import { fieldTexts, serverText } from './server-text.ts';

const intlIn = (locale: 'en' | 'fr') =>
  createIntl({
    locale: locale === 'fr' ? 'fr-CA' : 'en-CA',
    defaultLocale: 'en-CA',
    messages: locale === 'fr' ? { ...catalogue.en, ...catalogue.fr } : catalogue.en,
    onError: (error) => {
      throw error;
    },
  });

describe('the data API codes through react-intl', () => {
  it('renders every code of the catalogue in both languages, every parameter filled', () => {
    for (const locale of ['en', 'fr'] as const) {
      const intl = intlIn(locale);
      for (const code of Object.keys(SERVER_MESSAGES) as ServerMessageCode[]) {
        const texts = SERVER_MESSAGES[code];
        const params = Object.fromEntries([...texts.en.matchAll(/\{(\w+)/g)].map(([, name]) => [name, 7]));
        const text = intl.formatMessage({ id: code }, params);
        expect(text, code).not.toMatch(/[{}]/);
        expect(text, code).not.toBe(code);
      }
    }
  });

  it('shows a field error in French from its code and params, numbers in French format', () => {
    const errors = { a_hum: fieldError('field.between', { min: 0, max: 50_000 }) };
    expect(fieldTexts(errors, intlIn('fr'))).toEqual({ a_hum: 'Doit être entre 0 et 50\u00a0000' });
    expect(fieldTexts(errors, intlIn('en'))).toEqual({ a_hum: 'Must be between 0 and 50,000' });
  });

  it("shows a refusal from its code, and the server's English message for a code this site does not know", () => {
    const locked = new ApiError('The sitrep is being edited by ab.', 409, {
      code: 'sitrep.locked',
      params: { name: 'ab' },
    });
    expect(serverText(locked, intlIn('fr'))).toBe('Le sitrep est en cours de modification par ab.');
    const newer = new ApiError('Something new', 400, { code: 'sitrep.from_a_newer_server', params: {} });
    expect(serverText(newer, intlIn('fr'))).toBe('Something new');
    expect(fieldTexts({ x: { code: 'field.newer', params: {}, message: 'Newer' } }, intlIn('fr'))).toEqual({
      x: 'Newer',
    });
  });
});
