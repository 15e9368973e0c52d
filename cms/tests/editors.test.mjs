// The centre's editors (Editor role) save in the admin panel's API, and the site, through
// the gateway's content cache, shows the save within 5 s; nothing reaches the content system while
// nothing changes. A real Strapi (demo data, throwaway SQLite) and the real gateway (tsx).
// Run by the root as `node --test cms/tests/`; needs `npm run build` in cms/ once (admin panel).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { stripVTControlCharacters } from 'node:util';
import {
  adminSignIn,
  compileServer,
  DEMO_EDITOR,
  freePort,
  logged,
  secrets,
  sleep,
  startGateway,
  startStrapi,
  stopAll,
} from './helpers.mjs';

const VERSIONS = 'api::content-version.content-version';
/** The rule: the next request after a save shows it within 5 s. */
const VISIBLE_WITHIN_MS = 5_000;

describe('editors: saves reach the site at once', { timeout: 240_000 }, () => {
  const tmp = mkdtempSync(path.join(tmpdir(), 'ciffc-editors-test-'));
  let strapi;
  let cmsUrl;
  let gatewayUrl;
  let token;

  const cms = (pathname, init) => fetch(`${cmsUrl}${pathname}`, init);
  const site = (pathname) => fetch(`${gatewayUrl}${pathname}`);
  const contentManager = async (method, pathname, body) => {
    const res = await cms(`/content-manager/collection-types/${pathname}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  };
  /** One entry as the site reads it through the gateway (English, with its localizations). */
  const siteEntry = async (collection, alias) => {
    const res = await site(
      `/api/${collection}?filters[Alias][$eq]=${alias}&locale=en&populate=localizations`,
    );
    assert.equal(res.status, 200);
    return { entry: (await res.json()).data[0], cache: res.headers.get('x-gateway-cache') };
  };
  /** Milliseconds until `check` holds for what the gateway serves; fails beyond the 5 s rule. */
  const visibleAfter = async (started, check) => {
    while (Date.now() - started <= VISIBLE_WITHIN_MS) {
      if (await check()) return Date.now() - started;
      await sleep(50);
    }
    assert.fail(`the site did not show the save within ${VISIBLE_WITHIN_MS} ms`);
  };
  const frenchOf = (entry) => entry?.localizations?.find((l) => l.locale === 'fr');

  before(async () => {
    compileServer();
    strapi = await startStrapi({
      ...secrets(),
      CIFFC_DEMO: '1',
      PORT: String(await freePort()),
      DATABASE_FILENAME: path.join(tmp, 'cms.db'),
    });
    cmsUrl = strapi.url;
    const gateway = await startGateway({
      port: await freePort(),
      cmsUrl,
      noSiteDir: path.join(tmp, 'no-site'),
    });
    gatewayUrl = gateway.url;
    // One sign-in for all the tests: the admin login is rate-limited (5 a window per address).
    token = await adminSignIn(cmsUrl, DEMO_EDITOR);
  });

  after(async () => {
    await stopAll();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('serves the content version to anyone, never to be cached, growing with each save', async () => {
    const res = await cms('/api/content-version');
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    const { version } = await res.json();
    assert.ok(Number.isInteger(version) && version > 0, String(version));
    const about = (await siteEntry('pages', 'about')).entry;
    const saved = await contentManager('PUT', `api::page.page/${about.documentId}?locale=en`, {
      Alias: 'about',
      Name: about.Name,
      Body: `${about.Body} `,
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    assert.ok((await (await cms('/api/content-version')).json()).version > version);
  });

  it('signs the demo editor in with the Editor role, not as a super admin', async () => {
    const res = await cms('/admin/users/me', { headers: { authorization: `Bearer ${token}` } });
    assert.equal(res.status, 200);
    const me = (await res.json()).data;
    assert.deepEqual(
      me.roles.map((role) => role.code),
      ['strapi-editor'],
    );
    const roles = await cms('/admin/roles', { headers: { authorization: `Bearer ${token}` } });
    assert.equal(roles.status, 403, 'an editor does not manage roles');
  });

  it("shows the editor's English and French saves of a page through the gateway within 5 s", async () => {
    const first = await siteEntry('pages', 'about');
    // The gateway caches the page: a read soon after is served fresh. (Right after the gateway
    // starts, its first look at the content version can land between two reads and drop the first
    // copy once, on a busy machine: read again until a copy is kept.)
    let cache;
    for (let tries = 0; tries < 20 && cache !== 'fresh'; tries += 1) {
      await siteEntry('pages', 'about');
      cache = (await siteEntry('pages', 'about')).cache;
    }
    assert.equal(cache, 'fresh');
    const started = Date.now();
    const en = await contentManager('PUT', `api::page.page/${first.entry.documentId}?locale=en`, {
      Alias: 'about',
      Name: 'About the centre (edited)',
      Body: 'English text, edited.',
    });
    assert.equal(en.status, 200, JSON.stringify(en.body));
    const fr = await contentManager('PUT', `api::page.page/${first.entry.documentId}?locale=fr`, {
      Alias: 'about',
      Name: 'À propos du centre (modifié)',
      Body: 'Texte français, modifié.',
    });
    assert.equal(fr.status, 200, JSON.stringify(fr.body));
    const ms = await visibleAfter(started, async () => {
      const { entry } = await siteEntry('pages', 'about');
      return (
        entry.Name === 'About the centre (edited)' && frenchOf(entry)?.Name === 'À propos du centre (modifié)'
      );
    });
    console.log(`# page saved in English and French, shown by the gateway after ${ms} ms`);
  });

  it("shows the editor's French translation of a static content block within 5 s", async () => {
    const { entry } = await siteEntry('static-contents', 'login');
    const started = Date.now();
    const fr = await contentManager(
      'PUT',
      `api::static-content.static-content/${entry.documentId}?locale=fr`,
      {
        Alias: 'login',
        Name: 'Connexion (modifiée)',
        Body: 'Texte de connexion modifié.',
      },
    );
    assert.equal(fr.status, 200, JSON.stringify(fr.body));
    await visibleAfter(
      started,
      async () =>
        frenchOf((await siteEntry('static-contents', 'login')).entry)?.Name === 'Connexion (modifiée)',
    );
  });

  it('drops a page the editor deletes from the site and its navigation list within 5 s', async () => {
    const created = await contentManager('POST', 'api::page.page?locale=en', {
      Alias: 'editor-test',
      Name: 'Editor test',
      Body: 'A page to delete.',
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const listed = async () => {
      const res = await site('/api/pages?locale=en&populate=localizations&pagination[pageSize]=100');
      return (await res.json()).data.some((page) => page.Alias === 'editor-test');
    };
    await visibleAfter(Date.now(), listed);
    const started = Date.now();
    const removed = await contentManager(
      'DELETE',
      `api::page.page/${created.body.data.documentId}?locale=en`,
    );
    assert.equal(removed.status, 200, JSON.stringify(removed.body));
    await visibleAfter(
      started,
      async () => !(await listed()) && (await siteEntry('pages', 'editor-test')).entry === undefined,
    );
  });

  it('keeps answering from the gateway while nothing changes', async () => {
    await siteEntry('pages', 'about');
    // The gateway's version polls, as the content system logs them.
    const versionReads = (log) =>
      stripVTControlCharacters(log).match(/GET \/api\/content-version /g)?.length ?? 0;
    for (let i = 0; i < 3; i += 1) {
      const polled = versionReads(strapi.log());
      await logged(strapi, (log) => versionReads(log) > polled);
      assert.equal((await siteEntry('pages', 'about')).cache, 'fresh');
    }
    const version = await site('/api/content-version');
    assert.equal(version.status, 200);
    assert.equal(version.headers.get('cache-control'), 'no-cache');
  });

  it('lets the editor read the version log but not write it', async () => {
    const list = await contentManager('GET', `${VERSIONS}?pageSize=1`);
    assert.equal(list.status, 200, JSON.stringify(list.body));
    const [version] = list.body.results;
    const edit = await contentManager('PUT', `${VERSIONS}/${version.documentId}`, { Body: 'forged' });
    assert.equal(edit.status, 403);
    const removal = await contentManager('DELETE', `${VERSIONS}/${version.documentId}`);
    assert.equal(removal.status, 403);
    const forged = await contentManager('POST', VERSIONS, {
      contentTypeUid: 'api::page.page',
      entryDocumentId: 'forged',
      action: 'update',
      savedAt: new Date().toISOString(),
    });
    assert.equal(forged.status, 403);
  });

  it('lets the editor upload a file to the media library', async () => {
    const form = new FormData();
    form.append('files', new Blob(['%PDF-1.4 editor test'], { type: 'application/pdf' }), 'editor-test.pdf');
    const res = await cms('/upload', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    assert.equal(res.status, 201, await res.clone().text());
    const [file] = await res.json();
    assert.equal((await cms(file.url)).status, 200);
  });

  // Saves in a row each reach the site (the cache of the one before must not hide the next). The
  // figure is printed for the issue notes; a timing is not asserted here (benchmarks do that).
  it('three saves in a row each reach the site', async () => {
    const { entry } = await siteEntry('pages', 'about');
    const times = [];
    for (let i = 0; i < 3; i += 1) {
      const Name = `About, save ${i}`;
      const started = Date.now();
      const saved = await contentManager('PUT', `api::page.page/${entry.documentId}?locale=en`, {
        Alias: 'about',
        Name,
        Body: entry.Body,
      });
      assert.equal(saved.status, 200);
      times.push(
        await visibleAfter(started, async () => (await siteEntry('pages', 'about')).entry.Name === Name),
      );
    }
    times.sort((a, b) => a - b);
    console.log(`# save to site through the gateway: ${times.join(', ')} ms (3 saves)`);
  });
});
