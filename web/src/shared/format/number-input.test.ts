import { describe, expect, it } from 'vitest';
import { formatLocaleNumberInput, parseLocaleNumber } from './number-input.ts';

describe('number input in the page language', () => {
  it('reads the French decimal comma, the point and thousands spaces', () => {
    expect(parseLocaleNumber('14445,9', 'fr')).toBe(14445.9);
    expect(parseLocaleNumber('14445.9', 'fr')).toBe(14445.9);
    expect(parseLocaleNumber('14\u202f445,9', 'fr')).toBe(14445.9);
    expect(parseLocaleNumber('15 204,1', 'fr')).toBe(15204.1);
    expect(parseLocaleNumber(' ', 'fr')).toBeNull();
    expect(parseLocaleNumber('12,3,4', 'fr')).toBeNaN();
    expect(parseLocaleNumber('abc', 'fr')).toBeNaN();
  });

  it('reads English points and thousands commas', () => {
    expect(parseLocaleNumber('14,445.9', 'en')).toBe(14445.9);
    expect(parseLocaleNumber('-2', 'en')).toBe(-2);
    expect(parseLocaleNumber('1.2.3', 'en')).toBeNaN();
  });

  it('shows the decimal mark of the language, without grouping', () => {
    expect(formatLocaleNumberInput(14445.9, 'fr')).toBe('14445,9');
    expect(formatLocaleNumberInput(14445.9, 'en')).toBe('14445.9');
    expect(formatLocaleNumberInput(null, 'fr')).toBe('');
  });
});
