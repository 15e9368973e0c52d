import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { formatCentreTime } from './CentreTime.tsx';

// No messages: the clock formats dates only.
const en = createIntl({ locale: 'en-CA' });
const fr = createIntl({ locale: 'fr-CA' });

describe("the centre's clock", () => {
  it('is UTC−5 in Winnipeg in December 2026, Manitoba having kept daylight time', () => {
    // 21:51 UTC on 4 December: 4:51 p.m. in Winnipeg, not 3:51 as zone data before 2026 says.
    expect(formatCentreTime(en, '2026-12-04T21:51:00Z')).toBe('December 4, 2026 at 4:51 p.m. UTC−5');
    expect(formatCentreTime(fr, '2026-12-04T21:51:00Z')).toBe('4 décembre 2026 à 16 h 51 UTC−5');
  });

  it('was UTC−6 in the winter before the change', () => {
    expect(formatCentreTime(en, '2026-01-15T21:51:00Z')).toBe('January 15, 2026 at 3:51 p.m. UTC−6');
  });
});
