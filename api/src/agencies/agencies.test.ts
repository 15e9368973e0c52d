import { AGENCY_CODES } from '@ciffc/contracts';
import { expect, it } from 'vitest';
import { forEachEngine } from '../../test/context.ts';
import { bumpDataVersion } from '../db/versions.ts';

forEachEngine('GET /v1/agency', (ctx) => {
  it('lists the 13 agencies with field_code, field_name and their websites', async () => {
    const res = await ctx().app.inject({ method: 'GET', url: '/v1/agency' });
    expect(res.statusCode).toBe(200);
    const items = res.json().items;
    expect(items.map((a: { field_code: string }) => a.field_code)).toEqual([...AGENCY_CODES]);
    expect(items[1]).toMatchObject({
      field_code: 'bc',
      field_name: 'British Columbia',
      field_name_fr: 'Colombie-Britannique',
      field_website: 'https://www2.gov.bc.ca/gov/content/safety/wildfire-status',
      field_website_priority_wildfires: 'https://wildfiresituation.nrs.gov.bc.ca/',
    });
    expect(items[2].field_website_priority_wildfires).toBeNull();
  });

  it('lists the agencies that report a sitrep with has_siterep=true', async () => {
    const res = await ctx().app.inject({ method: 'GET', url: '/v1/agency?has_siterep=true' });
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toHaveLength(13);
    expect(res.json().items.every((a: { field_has_sitrep: boolean }) => a.field_has_sitrep)).toBe(true);
  });

  it('leaves out an agency that does not report a sitrep, only with has_siterep=true', async () => {
    // Every seeded agency reports, so one is made not to, as a data change would (with its version).
    const setHasSitrep = (value: number) =>
      ctx()
        .app.db.kysely.transaction()
        .execute(async (trx) => {
          await trx.updateTable('agencies').set({ has_sitrep: value }).where('code', '=', 'yt').execute();
          await bumpDataVersion(trx, 'agencies');
        });
    const codes = async (url: string) =>
      (await ctx().app.inject({ method: 'GET', url }))
        .json()
        .items.map((a: { field_code: string }) => a.field_code);
    await setHasSitrep(0);
    try {
      const reporting = await codes('/v1/agency?has_siterep=true');
      expect(reporting).toHaveLength(12);
      expect(reporting).not.toContain('yt');
      expect(await codes('/v1/agency?has_siterep=false')).toContain('yt');
      expect(await codes('/v1/agency')).toEqual([...AGENCY_CODES]);
    } finally {
      await setHasSitrep(1);
    }
  });

  it('names agencies in French with lang=fr or Accept-Language fr', async () => {
    const byQuery = await ctx().app.inject({ method: 'GET', url: '/v1/agency?lang=fr' });
    expect(byQuery.json().items[1].field_name).toBe('Colombie-Britannique');
    const byHeader = await ctx().app.inject({
      method: 'GET',
      url: '/v1/agency',
      headers: { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.8' },
    });
    expect(byHeader.json().items[10].field_name).toBe('Québec');
    expect(byHeader.headers.vary).toContain('Accept-Language');
  });

  it('sends Cache-Control max-age 900 and an ETag, and answers 304 to a matching If-None-Match', async () => {
    const first = await ctx().app.inject({ method: 'GET', url: '/v1/agency' });
    expect(first.headers['cache-control']).toBe('public, max-age=900');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await ctx().app.inject({
      method: 'GET',
      url: '/v1/agency',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const weak = await ctx().app.inject({
      method: 'GET',
      url: '/v1/agency',
      headers: { 'if-none-match': `W/${etag}` },
    });
    expect(weak.statusCode).toBe(304);
    const other = await ctx().app.inject({
      method: 'GET',
      url: '/v1/agency',
      headers: { 'if-none-match': '"x"' },
    });
    expect(other.statusCode).toBe(200);
    const french = await ctx().app.inject({ method: 'GET', url: '/v1/agency?lang=fr' });
    expect(french.headers.etag).not.toBe(etag);
  });
});
