import { SITREP_FIELD_NAMES } from '@ciffc/contracts';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { sitrepFieldLabel } from './field-labels.ts';
import { messages } from './messages.ts';

const labelIn = (locale: 'en' | 'fr') =>
  sitrepFieldLabel(
    createIntl({ locale, messages: (messages as Record<string, Record<string, string>>)[locale] }),
  );

describe('agency report field names outside the form (the conflict notice)', () => {
  it('names every field by its label, with its section where the form shares a label, never by its code', () => {
    const en = labelIn('en');
    expect(en('c_act')).toBe('Modified response – Active');
    expect(en('c2_out')).toBe('Monitored response – Out');
    expect(en('a_ltg')).toBe('Natural (lightning)');
    expect(en('mobs_grouped')).toBe('Mobilizations');
    for (const locale of ['en', 'fr'] as const) {
      const label = labelIn(locale);
      for (const field of SITREP_FIELD_NAMES) expect(label(field), `${locale} ${field}`).not.toBe(field);
    }
    expect(labelIn('fr')('e_total_hectares')).toMatch(/^Brûlages dirigés – /);
  });
});
