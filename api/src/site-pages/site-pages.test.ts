// @vitest-environment jsdom
// The served HTML is read by a browser DOM parser (jsdom, the site tests' own), as a link preview reads it.
import path from 'node:path';
import { expect, it } from 'vitest';
import { forEachEngine } from '../../test/context.ts';
import { insertPublication } from '../../test/fixtures.ts';
import { REPO_ROOT } from '../config.ts';
import { upsertFires } from '../fires/store.ts';

/** A stored report with what a served page reads (the publish flow stores the whole document). */
function storedReport(date: string, level: string, en: string, fr: string) {
  return {
    field_date: date,
    field_preparedness_level: level,
    field_en_summary_comments: en,
    field_fr_summary_comments: fr,
    field_duty_officer: 'Jordan Tremblay',
    expanded_data: true,
    agencies: [
      { field_code: 'bc', field_name_en: 'British Columbia', field_name_fr: 'Colombie-Britannique' },
    ],
    agencies_sitereps: {
      bc: {
        mobilizations: [],
        demobilizations: [],
        priority_fires: [],
        carry_over_fires: [],
        sitrep: {
          field_agency_code: 'bc',
          field_en_operations_summary: 'Crews on the Kamloops complex.',
          field_fr_operations_summary: 'Équipes sur le complexe de Kamloops.',
          field_preparedness: 4,
          field_en_preparedness_comment: 'Lightning expected.',
          field_fr_preparedness_comment: 'Foudre prévue.',
          field_en_possibility_of_resources: 'SECRET-EXPANDED',
        },
      },
    },
    national_availability: [],
    resource_requirements: [],
  };
}

/** A fire as the map reads it, reported on `reported`. */
const fire = (id: string, reported: string, stage: string, latitude: number, longitude: number) => ({
  agency_code: id.slice(0, 2).toLowerCase(),
  agency_fire_id: id,
  agency_data_timezone: 'America/Vancouver',
  situation_report_date: reported,
  status_date: reported,
  stage_of_control: stage,
  fire_cause: 'N',
  response_type: 'FUL',
  fire_size: 1500,
  latitude,
  longitude,
  updated_at: `${reported}T18:00:00.000Z`,
});

/** A PNG's width and height from its IHDR chunk, after checking its signature. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** What these tests read of a parsed document (the API's types have no DOM library). */
interface Element {
  getAttribute(name: string): string | null;
  textContent: string | null;
}
interface Doc {
  title: string;
  documentElement: { lang: string; namespaceURI: string | null };
  querySelector(selector: string): Element | null;
  querySelectorAll(selector: string): Iterable<Element> & { length: number };
  getElementsByTagName(name: string): Iterable<Element> & { length: number };
}
const parse = (text: string, type: 'text/html' | 'application/xml'): Doc =>
  new (
    globalThis as unknown as { DOMParser: new () => { parseFromString(t: string, k: string): Doc } }
  ).DOMParser().parseFromString(text, type);

/** The served page's head and main as a browser reads them. */
const head = (html: string) => {
  const doc = parse(html, 'text/html');
  const meta = (key: string) =>
    doc.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content') ?? undefined;
  const alternates = Object.fromEntries(
    [...doc.querySelectorAll('link[rel="alternate"][hreflang]:not([type])')].map((l) => [
      l.getAttribute('hreflang'),
      l.getAttribute('href'),
    ]),
  );
  return {
    doc,
    lang: doc.documentElement.lang,
    title: doc.title,
    titles: doc.querySelectorAll('title').length,
    descriptions: doc.querySelectorAll('meta[name="description"]').length,
    canonical: doc.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? undefined,
    alternates,
    meta,
    main: doc.querySelector('main')?.textContent ?? '',
  };
};

forEachEngine(
  'served pages: head, report text, status, sitemap',
  (ctx) => {
    const publish = (date: string, level: string, en: string, fr: string) =>
      insertPublication(ctx().app.db.kysely, date, level, storedReport(date, level, en, fr));
    const get = (url: string, headers: Record<string, string> = {}) =>
      ctx().app.inject({
        method: 'GET',
        url,
        headers: { 'x-forwarded-host': 'fires.example.ca', 'x-forwarded-proto': 'https', ...headers },
      });

    it('serves each public page with its own title, description, canonical, hreflang and Open Graph tags in its language', async () => {
      const res = await get('/v1/site/page/summary');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      const en = head(res.body);
      expect(en.lang).toBe('en');
      expect(en.title).toBe('CIFFC - Current Fires Summary');
      expect([en.titles, en.descriptions]).toEqual([1, 1]);
      expect(en.meta('description')).toMatch(/^Current wildfires in Canada/);
      expect(en.canonical).toBe('https://fires.example.ca/summary');
      expect(en.alternates).toEqual({
        en: 'https://fires.example.ca/summary',
        fr: 'https://fires.example.ca/summary?lang=fr',
        'x-default': 'https://fires.example.ca/summary',
      });
      expect(en.meta('og:title')).toBe('CIFFC - Current Fires Summary');
      expect(en.meta('og:url')).toBe('https://fires.example.ca/summary');
      expect(en.meta('og:locale')).toBe('en_CA');
      expect(en.meta('og:image')).toBe('https://fires.example.ca/og-card.png');
      expect(en.meta('twitter:card')).toBe('summary_large_image');
      expect(en.meta('robots')).toBeUndefined();
      // Every alternate with a language, the Atom feeds' too, has an absolute address.
      const withLanguage = [...en.doc.querySelectorAll('link[rel="alternate"][hreflang]')].map(
        (l) => l.getAttribute('href') ?? '',
      );
      expect(withLanguage.length).toBeGreaterThan(4);
      expect(withLanguage.filter((href) => !href.startsWith('https://fires.example.ca/'))).toEqual([]);
      expect(withLanguage).toContain('https://fires.example.ca/v1/sitrep/feed.atom?lang=fr');

      const fr = head((await get('/v1/site/page/summary?lang=fr&utm_source=chat&fbclid=x1')).body);
      expect(fr.lang).toBe('fr');
      expect(fr.title).toBe('CIFFC - Sommaire des feux actuels');
      expect(fr.meta('description')).toMatch(/^Les feux de forêt actuels/);
      expect(fr.canonical).toBe('https://fires.example.ca/summary?lang=fr');
      expect(fr.meta('og:locale')).toBe('fr_CA');
      expect(fr.meta('twitter:title')).toBe('CIFFC - Sommaire des feux actuels');

      const home = head((await get('/v1/site/page/')).body);
      expect(home.title).toBe('CIFFC - Active Fires Dashboard');
      expect(home.canonical).toBe('https://fires.example.ca/');
      expect(head((await get('/v1/site/page/dashboard')).body).canonical).toBe('https://fires.example.ca/');
      // A legacy address is served as the page it leads to; the agencies' pages are not indexed.
      expect(head((await get('/v1/site/page/fr/national-fires')).body).canonical).toBe(
        'https://fires.example.ca/national',
      );
      expect(head((await get('/v1/site/page/agency/inventory')).body).meta('robots')).toBe('noindex');
      // The open data page has its own title and description in each language.
      const data = head((await get('/v1/site/page/data?lang=fr')).body);
      expect(data.title).toBe('CIFFC - Données ouvertes');
      expect(data.meta('description')).toMatch(/^Les données sur les feux de forêt au Canada, ouvertes/);
    });

    it('serves a report with its date, level and first sentence, and its text readable without JavaScript', async () => {
      await publish(
        '2026-11-26',
        '3',
        'Fire activity rose in the west. Crews moved from Ontario.',
        "L'activité a augmenté dans l'ouest. Des équipes sont parties de l'Ontario.",
      );
      const res = await get('/v1/site/page/situation/2026-11-26');
      expect(res.statusCode).toBe(200);
      const en = head(res.body);
      expect(en.title).toBe('CIFFC - National Situation Report, 2026-11-26: preparedness level 3');
      expect(en.meta('description')).toBe('Fire activity rose in the west.');
      expect(en.meta('og:type')).toBe('article');
      expect(en.meta('og:description')).toBe('Fire activity rose in the west.');
      expect(en.canonical).toBe('https://fires.example.ca/situation/2026-11-26');
      expect(en.main).toContain('National Situation Report: Thursday, November 26, 2026');
      expect(en.main).toContain('Fire activity rose in the west. Crews moved from Ontario.');
      expect(en.main).toContain('British Columbia');
      expect(en.main).toContain('Lightning expected.');
      expect(en.doc.querySelector('main h1')).not.toBeNull();
      // Only what the public report shows.
      expect(res.body).not.toContain('SECRET-EXPANDED');

      const fr = head((await get('/v1/site/page/situation/2026-11-26?lang=fr')).body);
      expect(fr.title).toBe('CIFFC - Rapport de situation national, 2026-11-26 : niveau de préparation 3');
      expect(fr.meta('description')).toBe("L'activité a augmenté dans l'ouest.");
      expect(fr.main).toContain('jeudi 26 novembre 2026');
      expect(fr.main).toContain('Colombie-Britannique');

      // /situation is the latest report, under its own address.
      const latest = head((await get('/v1/site/page/situation')).body);
      expect(latest.title).toBe('CIFFC - National Situation Report, 2026-11-26: preparedness level 3');
      expect(latest.canonical).toBe('https://fires.example.ca/situation');
    });

    it('answers 404 with the site page for an address of no page and for a report date without a report', async () => {
      for (const url of [
        '/v1/site/page/no-such-page',
        '/v1/site/page/situation/2031-01-01',
        '/v1/site/page/404',
      ]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(404);
        const page = head(res.body);
        expect(page.title, url).toBe('CIFFC - Page not found');
        expect(page.meta('robots'), url).toBe('noindex');
        expect(page.canonical, url).toBeUndefined();
        expect(res.body, url).toContain('<div id="root">');
      }
      expect(head((await get('/v1/site/page/situation/2031-01-01?lang=fr')).body).title).toBe(
        'CIFFC - Page introuvable',
      );
    });

    it('sends pages for revalidation with an ETag, 304 on a match, a new tag once a report is published', async () => {
      const first = await get('/v1/site/page/situation');
      expect(first.headers['cache-control']).toBe('public, no-cache');
      const etag = String(first.headers.etag);
      expect((await get('/v1/site/page/situation', { 'if-none-match': etag })).statusCode).toBe(304);
      await publish('2026-11-27', '2', 'Calmer.', 'Plus calme.');
      const after = await get('/v1/site/page/situation', { 'if-none-match': etag });
      expect(after.statusCode).toBe(200);
      expect(head(after.body).title).toContain('2026-11-27');
    });

    it('lists the public pages in both languages and every published report in the sitemap', async () => {
      const res = await get('/v1/site/sitemap.xml');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      const doc = parse(res.body, 'application/xml');
      expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
      expect(doc.documentElement.namespaceURI).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
      const locs = [...doc.getElementsByTagName('loc')].map((l) => l.textContent);
      for (const page of [
        '/',
        '/situation',
        '/situation/archive',
        '/summary',
        '/national',
        '/statistics',
        '/data',
      ]) {
        expect(locs, page).toContain(`https://fires.example.ca${page}`);
        expect(locs, page).toContain(`https://fires.example.ca${page}?lang=fr`);
      }
      expect(locs).toContain('https://fires.example.ca/situation/2026-11-26');
      expect(locs).toContain('https://fires.example.ca/situation/2026-11-27?lang=fr');
      expect(locs).not.toContain('https://fires.example.ca/agency');
      expect(locs).toHaveLength(2 * (7 + 2));
    });

    it("serves a report's preview image, the map of its day's active fires, as a 1200x630 PNG cached with an ETag, and 404 for a date without a report", async () => {
      await upsertFires(ctx().app.db.kysely, [
        fire('BC-K1', '2026-11-20', 'OC', 50.7, -120.3),
        fire('BC-K2', '2026-11-21', 'OUT', 50.1, -119.4),
        fire('ON-T9', '2026-11-27', 'BH', 49.8, -92.4),
      ]);
      const res = await get('/v1/sitrep/2026-11-26/preview.png');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
      expect(pngSize(res.rawPayload)).toEqual({ width: 1200, height: 630 });
      // A PNG is compressed already: sent as it is to a client that takes gzip or brotli.
      const asked = await get('/v1/sitrep/2026-11-26/preview.png', { 'accept-encoding': 'br, gzip' });
      expect(asked.headers['content-encoding']).toBeUndefined();
      expect(asked.rawPayload.equals(res.rawPayload)).toBe(true);

      const etag = String(res.headers.etag);
      expect((await get('/v1/sitrep/2026-11-26/preview.png', { 'if-none-match': etag })).statusCode).toBe(
        304,
      );

      // The next day's map has the fire reported that day; the French one has French text.
      const nextDay = await get('/v1/sitrep/2026-11-27/preview.png');
      expect(pngSize(nextDay.rawPayload)).toEqual({ width: 1200, height: 630 });
      expect(nextDay.rawPayload.equals(res.rawPayload)).toBe(false);
      const french = await get('/v1/sitrep/2026-11-26/preview.png?lang=fr');
      expect(pngSize(french.rawPayload)).toEqual({ width: 1200, height: 630 });
      expect(french.rawPayload.equals(res.rawPayload)).toBe(false);
      // A new fire of that day is a new map.
      await upsertFires(ctx().app.db.kysely, [fire('BC-K3', '2026-11-25', 'UC', 54.0, -125.0)]);
      const after = await get('/v1/sitrep/2026-11-26/preview.png', { 'if-none-match': etag });
      expect(after.statusCode).toBe(200);
      expect(after.rawPayload.equals(res.rawPayload)).toBe(false);

      const missing = await get('/v1/sitrep/2031-01-01/preview.png');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ code: 'national.not_found', params: { date: '2031-01-01' } });
      expect((await get('/v1/sitrep/2026-02-30/preview.png')).statusCode).toBe(400);
    });

    it("names its day's preview image as a report page's Open Graph and Twitter image, in its language; other pages keep the site's card", async () => {
      const fr = head((await get('/v1/site/page/situation/2026-11-26?lang=fr')).body);
      expect(fr.meta('og:image')).toBe('https://fires.example.ca/v1/sitrep/2026-11-26/preview.png?lang=fr');
      expect(fr.meta('twitter:image')).toBe(fr.meta('og:image'));
      expect(fr.meta('twitter:card')).toBe('summary_large_image');
      expect([fr.meta('og:image:width'), fr.meta('og:image:height')]).toEqual(['1200', '630']);
      expect(fr.meta('og:image:alt')).toBe(
        'Carte des feux actifs au Canada par stade de contrôle le 2026-11-26 ; niveau de préparation national 3',
      );
      const en = head((await get('/v1/site/page/situation/2026-11-26')).body);
      expect(en.meta('og:image')).toBe('https://fires.example.ca/v1/sitrep/2026-11-26/preview.png');
      expect(en.meta('og:image:alt')).toBe(
        "Map of Canada's active fires by stage of control on 2026-11-26; national preparedness level 3",
      );
      // The latest report's address shows the map of its day.
      const latest = head((await get('/v1/site/page/situation')).body);
      expect(latest.meta('og:image')).toBe('https://fires.example.ca/v1/sitrep/2026-11-27/preview.png');
      // The image a page names is served.
      const named = new URL(String(en.meta('og:image')));
      expect((await get(named.pathname)).statusCode).toBe(200);

      const summary = head((await get('/v1/site/page/summary')).body);
      expect(summary.meta('og:image')).toBe('https://fires.example.ca/og-card.png');
      expect(summary.meta('og:image:alt')).toBe('Canadian Interagency Forest Fire Centre (CIFFC)');
      const missing = head((await get('/v1/site/page/situation/2031-01-01')).body);
      expect(missing.meta('og:image')).toBe('https://fires.example.ca/og-card.png');
    });

    it("serves a content page (the footer's among them) with the content system's title and description in its language, and 404 for an alias it does not have", async () => {
      const res = await get('/v1/site/page/page/privacy');
      expect(res.statusCode).toBe(200);
      const en = head(res.body);
      expect(en.title).toBe('CIFFC - Privacy');
      expect(en.meta('description')).toBe('This site does not use advertising or tracking cookies.');
      expect(en.canonical).toBe('https://fires.example.ca/page/privacy');
      expect(en.meta('og:title')).toBe('CIFFC - Privacy');
      expect(en.meta('robots')).toBeUndefined();
      // Every alternate with a language, the Atom feeds' too, has an absolute address.
      const withLanguage = [...en.doc.querySelectorAll('link[rel="alternate"][hreflang]')].map(
        (l) => l.getAttribute('href') ?? '',
      );
      expect(withLanguage.length).toBeGreaterThan(4);
      expect(withLanguage.filter((href) => !href.startsWith('https://fires.example.ca/'))).toEqual([]);
      expect(withLanguage).toContain('https://fires.example.ca/v1/sitrep/feed.atom?lang=fr');

      const fr = head((await get('/v1/site/page/page/privacy?lang=fr')).body);
      expect(fr.title).toBe('CIFFC - Confidentialité');
      expect(fr.meta('description')).toBe('Ce site n’utilise aucun témoin de publicité ou de suivi.');
      expect(fr.canonical).toBe('https://fires.example.ca/page/privacy?lang=fr');

      const contact = head((await get('/v1/site/page/page/contact?lang=fr')).body);
      expect(contact.title).toBe('CIFFC - Nous joindre');

      const missing = await get('/v1/site/page/page/no-such-page');
      expect(missing.statusCode).toBe(404);
      expect(head(missing.body).meta('robots')).toBe('noindex');
    });
  },
  { siteShell: path.join(REPO_ROOT, 'web/index.html') },
);

forEachEngine(
  'served content pages with the content system down',
  (ctx) => {
    it('serves a content page with the generic head, never an error, when the content system does not answer', async () => {
      const res = await ctx().app.inject({ method: 'GET', url: '/v1/site/page/page/privacy?lang=fr' });
      expect(res.statusCode).toBe(200);
      const page = head(res.body);
      expect(page.title).toBe('CIFFC');
      expect(page.meta('description')).toMatch(/\S/);
      expect(page.lang).toBe('fr');
    });
  },
  // Nothing listens on port 9 (discard): the content system is down.
  { siteShell: path.join(REPO_ROOT, 'web/index.html'), cmsUrl: 'http://127.0.0.1:9' },
);
