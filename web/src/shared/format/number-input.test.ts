import { describe, expect, it } from 'vitest';
import { formatLocaleNumberInput, readNumber } from './number-input.ts';

const value = (text: string, locale: 'en' | 'fr', integer = false) => {
  const r = readNumber(text, locale, { integer });
  return r.kind === 'number' ? r.value : r.kind;
};

describe('number input in the page language', () => {
  it('reads the French decimal comma, the point and thousands spaces', () => {
    expect(value('14445,9', 'fr')).toBe(14445.9);
    expect(value('14445.9', 'fr')).toBe(14445.9);
    expect(value('14\u202f445,9', 'fr')).toBe(14445.9);
    expect(value('15 204,1', 'fr')).toBe(15204.1);
    expect(value('1.234,5', 'fr')).toBe(1234.5);
    expect(value(' ', 'fr')).toBe('empty');
    expect(value('12,3,4', 'fr')).toBe('notNumber');
    expect(value('abc', 'fr')).toBe('notNumber');
    expect(value('12 34', 'fr')).toBe('notNumber');
  });

  it('reads English points and thousands commas in groups of three only', () => {
    expect(value('14,445.9', 'en')).toBe(14445.9);
    expect(value('1,234', 'en')).toBe(1234);
    expect(value('-2', 'en')).toBe(-2);
    expect(value('1.2.3', 'en')).toBe('notNumber');
    // A French decimal typed on the English page is no number, never 125.
    expect(value('12,5', 'en')).toBe('notNumber');
    expect(value('1,234 567', 'en')).toBe('notNumber');
    expect(value('12abc', 'en')).toBe('notNumber');
  });

  it('refuses a decimal where a whole number is expected, in either language', () => {
    expect(readNumber('12,5', 'fr', { integer: true })).toEqual({ kind: 'notWhole', value: 12.5 });
    expect(readNumber('2.5', 'en', { integer: true })).toEqual({ kind: 'notWhole', value: 2.5 });
    expect(value('1 234', 'fr', true)).toBe(1234);
    expect(value('12,0', 'fr', true)).toBe(12);
  });

  it('says when the text is not the plain form of what was read', () => {
    const plain = (text: string, locale: 'en' | 'fr') => {
      const r = readNumber(text, locale);
      return r.kind === 'number' && r.plain;
    };
    expect(plain('1234', 'en')).toBe(true);
    expect(plain('1,234', 'en')).toBe(false);
    expect(plain('12,5', 'fr')).toBe(true);
    expect(plain('12.5', 'fr')).toBe(false);
    expect(plain('007', 'en')).toBe(false);
  });

  it('shows the decimal mark of the language, without grouping', () => {
    expect(formatLocaleNumberInput(14445.9, 'fr')).toBe('14445,9');
    expect(formatLocaleNumberInput(14445.9, 'en')).toBe('14445.9');
    expect(formatLocaleNumberInput(null, 'fr')).toBe('');
  });
});
