import { describe, expect, it } from 'vitest';
import { CqlSyntaxError, parseCql2 } from './cql2.ts';

describe('the CQL2 text reader', () => {
  it('reads AND before OR, NOT, parentheses and a literal on the left', () => {
    expect(parseCql2("a = 'x' OR b > 2 AND NOT c IS NULL")).toEqual({
      type: 'or',
      args: [
        { type: 'compare', op: '=', property: 'a', value: { kind: 'string', value: 'x' } },
        {
          type: 'and',
          args: [
            { type: 'compare', op: '>', property: 'b', value: { kind: 'number', value: 2 } },
            { type: 'not', arg: { type: 'isNull', property: 'c' } },
          ],
        },
      ],
    });
    expect(parseCql2('(5 <= "size")')).toEqual({
      type: 'compare',
      op: '>=',
      property: 'size',
      value: { kind: 'number', value: 5 },
    });
  });

  it('reads quotes doubled inside text, DATE() and S_INTERSECTS with BBOX and POINT', () => {
    expect(parseCql2("name = 'O''Hara'")).toMatchObject({ value: { value: "O'Hara" } });
    expect(parseCql2("d >= date('2026-07-01')")).toMatchObject({
      value: { kind: 'date', value: '2026-07-01' },
    });
    expect(parseCql2('s_intersects(geometry, bbox(-121, 50.5, -120, 51))')).toEqual({
      type: 'intersects',
      property: 'geometry',
      geometry: { kind: 'bbox', coords: [-121, 50.5, -120, 51] },
    });
    expect(parseCql2('S_INTERSECTS(POINT(-1.5 2e1), geometry)')).toMatchObject({
      geometry: { kind: 'point', coords: [-1.5, 20] },
    });
  });

  it('reads IN and NOT IN lists of values', () => {
    expect(parseCql2("agency_code IN ('bc', 'ab')")).toEqual({
      type: 'in',
      property: 'agency_code',
      values: [
        { kind: 'string', value: 'bc' },
        { kind: 'string', value: 'ab' },
      ],
    });
    expect(parseCql2("fire_size not in (1, 2.5) AND b = 'x'")).toEqual({
      type: 'and',
      args: [
        {
          type: 'not',
          arg: {
            type: 'in',
            property: 'fire_size',
            values: [
              { kind: 'number', value: 1 },
              { kind: 'number', value: 2.5 },
            ],
          },
        },
        { type: 'compare', op: '=', property: 'b', value: { kind: 'string', value: 'x' } },
      ],
    });
    expect(parseCql2("d IN (DATE('2026-07-01'))")).toMatchObject({ values: [{ kind: 'date' }] });
  });

  it.each([
    ["a IN ('x',)", 11, /expected a property name/],
    ['a IN (b)', 7, /IN lists values/],
    ["a IN 'x'", 6, /"\("/],
    ["a = 'x' AND", 12, /end of the filter/],
    ['a = = 1', 5, /expected/],
    ['a ! 1', 3, /unexpected character "!"/],
    ['a BETWEEN 1 AND 2', 3, /BETWEEN is not offered/],
    ['S_INTERSECTS(geometry, BBOX(1, 2, 3))', 24, /4 numbers/],
    ['(a = 1', 7, /"\)"/],
  ])('refuses %s at character %i', (text, at, why) => {
    try {
      parseCql2(text);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(CqlSyntaxError);
      expect((error as CqlSyntaxError).at).toBe(at);
      expect((error as CqlSyntaxError).detail).toMatch(why);
    }
  });
});
