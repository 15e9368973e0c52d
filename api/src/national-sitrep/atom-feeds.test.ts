import { SaxesParser } from 'saxes';
import { expect, it } from 'vitest';
import { forEachEngine } from '../../test/context.ts';

interface XmlNode {
  name: string;
  attributes: Record<string, string>;
  children: XmlNode[];
  text: string;
}

/** A strict XML parse (well-formed, namespaces checked) into a small tree. */
function parseXml(xml: string): XmlNode {
  const parser = new SaxesParser({ xmlns: true });
  const root: XmlNode = { name: '#document', attributes: {}, children: [], text: '' };
  const stack = [root];
  parser.on('opentag', (tag) => {
    const node: XmlNode = {
      name: `{${tag.uri ?? ''}}${tag.local ?? tag.name}`,
      attributes: Object.fromEntries(Object.values(tag.attributes).map((a) => [a.name, a.value])),
      children: [],
      text: '',
    };
    stack.at(-1)?.children.push(node);
    stack.push(node);
  });
  parser.on('text', (text) => {
    const node = stack.at(-1);
    if (node) node.text += text;
  });
  parser.on('closetag', () => stack.pop());
  parser.on('error', (error) => {
    throw error;
  });
  parser.write(xml).close();
  expect(root.children).toHaveLength(1);
  return root.children[0] as XmlNode;
}

const ATOM = '{http://www.w3.org/2005/Atom}';
const all = (node: XmlNode, local: string) => node.children.filter((c) => c.name === `${ATOM}${local}`);
const one = (node: XmlNode, local: string) => {
  const found = all(node, local);
  expect(found, local).toHaveLength(1);
  return found[0] as XmlNode;
};

/** What RFC 4287 requires of a feed and of each entry (4.1.1, 4.1.2). */
function checkAtom(feed: XmlNode) {
  expect(feed.name).toBe(`${ATOM}feed`);
  for (const name of ['id', 'title', 'updated']) one(feed, name);
  expect(all(feed, 'link').some((l) => l.attributes.rel === 'self')).toBe(true);
  expect(all(feed, 'author').length).toBeGreaterThan(0);
  expect(one(feed, 'updated').text).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
  for (const entry of all(feed, 'entry')) {
    for (const name of ['id', 'title', 'updated']) one(entry, name);
    expect(one(entry, 'updated').text).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(all(entry, 'link').some((l) => (l.attributes.rel ?? 'alternate') === 'alternate')).toBe(true);
  }
  return all(feed, 'entry');
}

const REPORTS = [
  { date: '2026-07-01', level: '2', en: 'A quiet start & calm <weather>.', fr: 'Un début calme.' },
  { date: '2026-07-02', level: '2', en: 'Still quiet.', fr: 'Toujours calme.' },
  { date: '2026-07-03', level: '4', en: 'Busy day in the west. More fires.', fr: 'Journée chargée.' },
];

forEachEngine('Atom feeds of the national situation reports', (ctx) => {
  const publish = async (r: (typeof REPORTS)[number], number = 1) => {
    const report = {
      field_date: r.date,
      field_preparedness_level: r.level,
      field_en_summary_comments: r.en,
      field_fr_summary_comments: r.fr,
    };
    await ctx()
      .app.db.kysely.insertInto('national_sitrep_publications')
      .values({
        report_date: r.date,
        publication_number: number,
        current: 1,
        draft_version: number,
        preparedness_level: r.level,
        report: JSON.stringify(report),
        fields: '{}',
        published_at: `${r.date}T20:0${number}:00.000Z`,
        published_by: 'ciffc',
      })
      .execute();
  };
  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx().app.inject({ method: 'GET', url, headers: { 'x-forwarded-host': 'fires.example.ca', ...headers } });

  it('answers a valid empty feed before any report is published', async () => {
    const res = await get('/v1/sitrep/feed.atom');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(checkAtom(parseXml(res.body))).toHaveLength(0);
  });

  it('lists each published national report, newest first, with its date, level and summary, in English and French', async () => {
    for (const r of REPORTS) await publish(r);
    const en = parseXml((await get('/v1/sitrep/feed.atom')).body);
    const entries = checkAtom(en);
    expect(en.attributes['xml:lang']).toBe('en');
    expect(entries.map((e) => one(e, 'link').attributes.href)).toEqual([
      'http://fires.example.ca/situation/2026-07-03',
      'http://fires.example.ca/situation/2026-07-02',
      'http://fires.example.ca/situation/2026-07-01',
    ]);
    const [latest, , first] = entries as [XmlNode, XmlNode, XmlNode];
    expect(one(latest, 'title').text).toBe('National situation report, 2026-07-03: preparedness level 4');
    expect(one(latest, 'summary').text).toBe('Busy day in the west. More fires.');
    expect(one(latest, 'updated').text).toBe('2026-07-03T20:01:00.000Z');
    // Markup in a summary is text, escaped, never a broken document.
    expect(one(first, 'summary').text).toBe('A quiet start & calm <weather>.');
    expect(one(en, 'updated').text).toBe('2026-07-03T20:01:00.000Z');

    const fr = parseXml((await get('/v1/sitrep/feed.atom?lang=fr')).body);
    expect(fr.attributes['xml:lang']).toBe('fr');
    const [frLatest] = checkAtom(fr) as [XmlNode];
    expect(one(frLatest, 'title').text).toBe(
      'Rapport de situation national, 2026-07-03 : niveau de préparation 4',
    );
    expect(one(frLatest, 'summary').text).toBe('Journée chargée.');
    expect(one(frLatest, 'link').attributes.href).toBe(
      'http://fires.example.ca/situation/2026-07-03?lang=fr',
    );
    // The two languages are two feeds.
    expect(one(fr, 'id').text).not.toBe(one(en, 'id').text);
  });

  it('lists the changes of the national preparedness level, not the days it stayed', async () => {
    const feed = parseXml((await get('/v1/sitrep/preparedness-level.atom')).body);
    const entries = checkAtom(feed);
    expect(entries.map((e) => one(e, 'title').text)).toEqual([
      'National preparedness level 4 (was 2) on 2026-07-03',
      'National preparedness level 2 on 2026-07-01',
    ]);
    expect(one(entries[0] as XmlNode, 'link').attributes.href).toBe(
      'http://fires.example.ca/situation/2026-07-03',
    );
    const fr = checkAtom(parseXml((await get('/v1/sitrep/preparedness-level.atom?lang=fr')).body));
    expect(one(fr[0] as XmlNode, 'title').text).toBe(
      'Niveau de préparation national 4 (était 2) le 2026-07-03',
    );
  });

  it('answers 304 to a matching If-None-Match, and a new tag once a report is published', async () => {
    for (const url of ['/v1/sitrep/feed.atom?lang=fr', '/v1/sitrep/preparedness-level.atom']) {
      const first = await get(url);
      const etag = String(first.headers.etag);
      expect(etag, url).toMatch(/^"/);
      expect(first.headers['cache-control'], url).toMatch(/^public, max-age=/);
      expect(first.headers['access-control-allow-origin'], url).toBe('*');
      const again = await get(url, { 'if-none-match': etag });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
    }
    const before = String((await get('/v1/sitrep/feed.atom')).headers.etag);
    await publish({ date: '2026-07-04', level: '3', en: 'Cooler.', fr: 'Plus frais.' });
    const after = await get('/v1/sitrep/feed.atom', { 'if-none-match': before });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before);
    const levels = checkAtom(parseXml((await get('/v1/sitrep/preparedness-level.atom')).body));
    expect(one(levels[0] as XmlNode, 'title').text).toBe(
      'National preparedness level 3 (was 4) on 2026-07-04',
    );
  });

  it('refuses a language it does not have and a parameter it does not take', async () => {
    expect((await get('/v1/sitrep/feed.atom?lang=de')).statusCode).toBe(400);
    expect((await get('/v1/sitrep/feed.atom?format=rss')).statusCode).toBe(400);
  });
});
