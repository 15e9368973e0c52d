import { describe, expect, it } from 'vitest';
import { bearer, forEachEngine, tokenFor } from '../../test/context.ts';
import { appendHistory } from '../agency-sitrep/store.ts';
import { demoAgencySitrep, EMPTY_DAY, seedNationalDemo } from '../national-sitrep/demo.ts';
import { parseCsv } from './parse-csv.ts';

const YEAR = 2024;

forEachEngine('reports and exports', (ctx) => {
  const get = async (user: string | null, url: string) =>
    ctx().app.inject({ method: 'GET', url, headers: user ? bearer(await tokenFor(ctx(), user)) : {} });

  it('seeds a full year of published national sitreps and some approved agency sitreps', async () => {
    const { app } = ctx();
    const made = await seedNationalDemo(app.db, { now: new Date(`${YEAR}-12-31T20:00:00Z`), days: 366 });
    expect(made).toBe(366);
    for (const [i, agency] of (['ab', 'bc', 'qc'] as const).entries()) {
      await appendHistory(app.db.kysely, {
        agency,
        version: 1,
        kind: 'approve',
        user_id: null,
        username: 'ciffc',
        created_at: `${YEAR}-07-0${i + 1}T20:00:00.000Z`,
        document: JSON.stringify({
          ...demoAgencySitrep(agency, `${YEAR}-07-0${i + 1}`, EMPTY_DAY),
          en_ops_summary: '=HYPERLINK("http://evil.example")',
          fr_ops_summary: 'Activité modérée, « feux » près de Québec',
        }),
      });
    }
  });

  describe('permissions', () => {
    it.each([
      [null, 401],
      ['ab', 403],
      ['ciffc', 200],
    ] as const)('%s → %i on both exports', async (user, status) => {
      expect((await get(user, `/v1/sitrep/national/export?export=true&year=${YEAR}`)).statusCode).toBe(
        status,
      );
      expect((await get(user, `/v1/sitrep/agency/export?export=true&year=${YEAR}`)).statusCode).toBe(status);
    });
  });

  it('exports one row per published national report of the year, with the national preparedness level', async () => {
    const res = await get('ciffc', `/v1/sitrep/national/export?export=true&year=${YEAR}`);
    const rows = res.json();
    expect(rows).toHaveLength(365);
    expect(rows[0]).toMatchObject({ date: `${YEAR}-01-01` });
    expect(['1', '2', '3', '4', '5']).toContain(String(rows[0].national_preparedness_level));
    expect(rows.at(-1).date).toBe(`${YEAR}-12-30`);
  });

  it('exports the approved agency sitreps of the year, with the agency preparedness level', async () => {
    const rows = (await get('ciffc', `/v1/sitrep/agency/export?export=true&year=${YEAR}`)).json();
    expect(rows.map((r: { agency: string }) => r.agency)).toEqual(['ab', 'bc', 'qc']);
    expect(rows[0]).toHaveProperty('preparedness_level');
    expect(typeof rows[0].preparedness_level).toBe('number');
  });

  it('writes the CSV files with their names, a BOM, quoted cells and formulas neutralised', async () => {
    const national = await get('ciffc', `/v1/sitrep/national/export?export=true&year=${YEAR}&format=csv`);
    expect(national.headers['content-disposition']).toBe(
      `attachment; filename="national-sitreps-${YEAR}-export.csv"`,
    );
    expect(national.headers['content-type']).toBe('text/csv; charset=utf-8');
    const parsed = parseCsv(national.body);
    expect(parsed.bom).toBe(true);
    expect(parsed.rows).toHaveLength(366);
    expect(parsed.rows[0]?.slice(0, 2)).toEqual(['date', 'national_preparedness_level']);

    const agency = await get('ciffc', `/v1/sitrep/agency/export?export=true&year=${YEAR}&format=csv`);
    expect(agency.headers['content-disposition']).toBe(
      `attachment; filename="agency-sitreps-${YEAR}-export.csv"`,
    );
    expect(agency.body).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(agency.body).toContain('"Activité modérée, « feux » près de Québec"');
  });

  it('answers an empty list for a year without reports, and 400 for a year out of range', async () => {
    for (const kind of ['national', 'agency']) {
      const empty = await get('ciffc', `/v1/sitrep/${kind}/export?export=true&year=2019`);
      expect(empty.statusCode).toBe(200);
      expect(empty.json()).toEqual([]);
      const csv = await get('ciffc', `/v1/sitrep/${kind}/export?export=true&year=2019&format=csv`);
      expect(parseCsv(csv.body).rows).toHaveLength(1);
      const old = await get('ciffc', `/v1/sitrep/${kind}/export?export=true&year=2018`);
      expect(old.statusCode).toBe(400);
      expect(old.json().validationErrors).toHaveProperty('year');
    }
  });
});
