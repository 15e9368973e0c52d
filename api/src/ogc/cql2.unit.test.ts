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

  it.each([
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
