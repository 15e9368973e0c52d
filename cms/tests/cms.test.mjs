// The content system through HTTP, as the site and the data API use it: a real Strapi on a throwaway
// SQLite file with the demo data (CIFFC_DEMO=1). Run by the root as `node --test cms/tests/`.
// Needs `npm run build` in cms/ once (admin panel); the server code is recompiled here from src/.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { AGENCY_CODES } from '@ciffc/contracts/commonjs/agencies';
import { FEATURE_ALIASES } from '@ciffc/contracts/commonjs/features';
import {
  adminSignIn,
  compileServer,
  DEMO_ADMIN,
  DEMO_PASSWORD,
  freePort,
  refusedStart,
  secrets,
  signIn,
  startStrapi,
  stopAll,
  stopPart,
} from './helpers.mjs';

// The suite's bound is above `startPart`'s own 150 s for the first start, which seeds the demo data
// and is slowest while the API's tests load both cores (CI saw 120 s run out before the first test).
describe('content system (Strapi, demo data)', { timeout: 300_000 }, () => {
  const tmp = mkdtempSync(path.join(tmpdir(), 'ciffc-cms-test-'));
  const env = { ...secrets(), CIFFC_DEMO: '1', AUTH_RATELIMIT_MAX: '1000', HOST: '127.0.0.1' };
  let server;

  const api = (pathname, init = {}) => fetch(`${server.url}${pathname}`, init);
  const login = (identifier, password = DEMO_PASSWORD) => signIn(server.url, identifier, password);
  const bearer = (jwt) => ({ headers: { authorization: `Bearer ${jwt}` } });
  const tokens = {};

  before(async () => {
    compileServer();
    env.PORT = String(await freePort());
    env.DATABASE_FILENAME = path.join(tmp, 'cms.db');
    server = await startStrapi(env);
    console.log(`# new database with demo seeding: ready in ${server.readyMs} ms`);
    for (const user of ['ab', 'qc', 'ciffc']) {
      const { status, body } = await login(user);
      assert.equal(status, 200, JSON.stringify(body));
      tokens[user] = body.jwt;
    }
  });

  after(async () => {
    await stopAll();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('logs ab in with a jwt and the user with agency_code ab', async () => {
    const { status, body } = await login('ab');
    assert.equal(status, 200);
    assert.equal(typeof body.jwt, 'string');
    assert.equal(body.user.username, 'ab');
    assert.equal(body.user.agency_code, 'ab');
    assert.equal(body.user.preferredLocale, 'en');
    assert.equal(body.user.password, undefined);
  });

  it('has one demo user per agency of the contracts, each with its agency_code', async () => {
    for (const code of AGENCY_CODES) {
      const { status, body } = await login(code);
      assert.equal(status, 200, code);
      assert.equal(body.user.agency_code, code);
    }
  });

  it('answers 400 with error.message for a wrong password', async () => {
    const { status, body } = await login('ab', 'not-the-password');
    assert.equal(status, 400);
    assert.equal(typeof body.error.message, 'string');
    assert.ok(body.error.message.length > 0);
  });

  it('issues HS256 tokens { id } valid for 43,200 s', () => {
    const [header, payload] = tokens.ab
      .split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()));
    assert.equal(header.alg, 'HS256');
    assert.equal(typeof payload.id, 'number');
    assert.equal(payload.exp - payload.iat, 43_200);
  });

  it('answers /api/users/me?populate=* with the role, agency_code and preferredLocale', async () => {
    const ab = await (await api('/api/users/me?populate=*', bearer(tokens.ab))).json();
    assert.equal(ab.username, 'ab');
    assert.equal(ab.agency_code, 'ab');
    assert.equal(ab.role.name, 'Authenticated');
    assert.equal(ab.role.type, 'authenticated');
    assert.equal(typeof ab.role.id, 'number');
    assert.equal(ab.password, undefined);

    for (const query of ['', '?populate=role', '?populate[role]=true']) {
      const res = await api(`/api/users/me${query}`, bearer(tokens.ab));
      assert.equal(res.status, 200, query);
      assert.equal((await res.json()).role.name, 'Authenticated', query);
    }

    const qc = await (await api('/api/users/me?populate=*', bearer(tokens.qc))).json();
    assert.equal(qc.preferredLocale, 'fr');

    const ciffc = await (await api('/api/users/me?populate=*', bearer(tokens.ciffc))).json();
    assert.equal(ciffc.role.name, 'CIFFC');
    assert.equal(ciffc.role.type, 'ciffc');
    assert.equal(ciffc.agency_code, null);

    assert.equal((await api('/api/users/me')).status, 403);
  });

  it('does not let a signed-in user list roles or users, or change their own user', async () => {
    for (const pathname of ['/api/users-permissions/roles', '/api/users', '/api/users/1']) {
      assert.equal((await api(pathname, bearer(tokens.ab))).status, 403, pathname);
    }
    const me = await (await api('/api/users/me', bearer(tokens.ab))).json();
    const put = await api(`/api/users/${me.id}`, {
      method: 'PUT',
      headers: { ...bearer(tokens.ab).headers, 'content-type': 'application/json' },
      body: JSON.stringify({ agency_code: 'bc', role: 3 }),
    });
    assert.equal(put.status, 403);
    const register = await api('/api/auth/local/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'intruder', email: 'intruder@example.org', password: 'intruder-1' }),
    });
    assert.equal(register.status, 403);
  });

  it('lists every feature alias anonymously', async () => {
    const res = await api('/api/static-contents?fields[0]=Alias&pagination[pageSize]=100');
    assert.equal(res.status, 200);
    const aliases = (await res.json()).data.map((entry) => entry.Alias);
    for (const alias of FEATURE_ALIASES) assert.ok(aliases.includes(alias), alias);
  });

  it('has a French localization of every static content and page', async () => {
    const fr = await (await api('/api/static-contents?locale=fr&pagination[pageSize]=100')).json();
    const login = fr.data.find((entry) => entry.Alias === 'login');
    assert.equal(login.locale, 'fr');
    assert.equal(login.Name, 'Connexion');
    assert.equal(fr.data.length, FEATURE_ALIASES.length);

    const en = await (
      await api('/api/pages?filters[Alias][$eq]=about&populate=localizations&locale=en')
    ).json();
    assert.equal(en.data[0].Name, 'About CIFFC');
    assert.equal(en.data[0].localizations[0].locale, 'fr');
    assert.equal(en.data[0].localizations[0].Name, 'À propos du CIFFC');

    const v4 = await (
      await api('/api/pages?filters[Alias][$eq]=about&populate=localizations&locale=en', {
        headers: { 'Strapi-Response-Format': 'v4' },
      })
    ).json();
    assert.equal(v4.data[0].attributes.Name, 'About CIFFC');
    assert.equal(v4.data[0].attributes.localizations.data[0].attributes.locale, 'fr');
  });

  it('keeps agency pages from anonymous visitors and CIFFC pages from agency users', async () => {
    assert.ok([401, 403].includes((await api('/api/agency-pages')).status));
    assert.ok([401, 403].includes((await api('/api/ciffc-pages')).status));

    const agency = await api('/api/agency-pages', bearer(tokens.ab));
    assert.equal(agency.status, 200);
    assert.ok((await agency.json()).data.some((page) => page.Alias === 'agency-help'));
    assert.equal((await api('/api/ciffc-pages', bearer(tokens.ab))).status, 403);

    const ciffc = await api('/api/ciffc-pages', bearer(tokens.ciffc));
    assert.equal(ciffc.status, 200);
    assert.ok((await ciffc.json()).data.some((page) => page.Alias === 'publishing-checklist'));
    assert.equal((await api('/api/agency-pages', bearer(tokens.ciffc))).status, 200);
  });

  it('serves the reference PDFs at stable /uploads URLs', async () => {
    for (const name of [
      'stages-of-control-en',
      'stages-of-control-fr',
      'preparedness-levels-en',
      'preparedness-levels-fr',
    ]) {
      const res = await api(`/uploads/${name}.pdf`);
      assert.equal(res.status, 200, name);
      assert.equal(res.headers.get('content-type'), 'application/pdf');
      const bytes = Buffer.from(await res.arrayBuffer());
      assert.equal(bytes.subarray(0, 5).toString(), '%PDF-');
    }
  });

  it('serves the admin panel and lets the demo admin sign in', async () => {
    const panel = await api('/admin');
    assert.equal(panel.status, 200);
    assert.match(await panel.text(), /<div id="strapi"/);
    assert.equal(typeof (await adminSignIn(server.url)), 'string');
  });

  // The admin panel's own API, as an editor's browser calls it. One sign-in for all the tests: the
  // admin login is rate-limited (5 a window per address).
  let adminToken;
  const adminLogin = async () => {
    adminToken ??= await adminSignIn(server.url, DEMO_ADMIN);
    return adminToken;
  };
  const contentManager = async (token, method, pathname, body) => {
    const res = await api(`/content-manager/collection-types/${pathname}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  };
  const VERSIONS = 'api::content-version.content-version';
  /** The logged versions of one document, oldest first (all of them when documentId is omitted). */
  const versionsOf = async (token, documentId) => {
    const filter = documentId ? `&filters[$and][0][entryDocumentId][$eq]=${documentId}` : '';
    const { status, body } = await contentManager(token, 'GET', `${VERSIONS}?pageSize=100${filter}`);
    assert.equal(status, 200, JSON.stringify(body));
    return { total: body.pagination.total, versions: body.results.sort((a, b) => a.id - b.id) };
  };

  it('keeps the seeded pages as their first versions, without an editor', async () => {
    const token = await adminLogin();
    const about = (await (await api('/api/pages?filters[Alias][$eq]=about')).json()).data[0];
    const { versions } = await versionsOf(token, about.documentId);
    assert.deepEqual(
      versions.map((v) => [v.contentTypeUid, v.action, v.entryLocale, v.Name, v.editorId]),
      [
        ['api::page.page', 'create', 'en', 'About CIFFC', null],
        ['api::page.page', 'create', 'fr', 'À propos du CIFFC', null],
      ],
    );
    assert.equal(versions[1].Alias, 'about');
    assert.equal(versions[1].entry.documentId, about.documentId);
  });

  it('keeps every French save of a page by an editor as a new version', async () => {
    const token = await adminLogin();
    const about = (await (await api('/api/pages?filters[Alias][$eq]=about')).json()).data[0];
    const before = await versionsOf(token, about.documentId);
    for (const Body of ['Premier texte **révisé**.', 'Deuxième texte révisé.']) {
      const saved = await contentManager(token, 'PUT', `api::page.page/${about.documentId}?locale=fr`, {
        Alias: 'about',
        Name: 'À propos du CIFFC',
        Body,
      });
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
    }
    const { versions } = await versionsOf(token, about.documentId);
    const added = versions.slice(before.versions.length);
    assert.deepEqual(
      added.map((v) => [v.action, v.entryLocale, v.Body]),
      [
        ['update', 'fr', 'Premier texte **révisé**.'],
        ['update', 'fr', 'Deuxième texte révisé.'],
      ],
    );
    for (const version of added) {
      assert.equal(typeof version.editorId, 'number');
      assert.match(version.editorName, /admin@demo\.ciffc\.local/);
      assert.ok(!Number.isNaN(Date.parse(version.savedAt)));
    }
    const fr = await (await api('/api/pages?filters[Alias][$eq]=about&locale=fr')).json();
    assert.equal(fr.data[0].Body, 'Deuxième texte révisé.');
  });

  it('keeps the last state of a deleted page as a version', async () => {
    const token = await adminLogin();
    const created = await contentManager(token, 'POST', 'api::page.page?locale=en', {
      Alias: 'history-test',
      Name: 'History test',
      Body: 'Text before deletion.',
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const { documentId } = created.body.data;
    const removed = await contentManager(token, 'DELETE', `api::page.page/${documentId}?locale=en`);
    assert.equal(removed.status, 200, JSON.stringify(removed.body));
    assert.equal((await api('/api/pages?filters[Alias][$eq]=history-test')).status, 200);
    const gone = await (await api('/api/pages?filters[Alias][$eq]=history-test')).json();
    assert.equal(gone.data.length, 0);

    const { versions } = await versionsOf(token, documentId);
    assert.deepEqual(
      versions.map((v) => [v.action, v.entryLocale, v.Alias, v.Name, v.Body]),
      [
        ['create', 'en', 'history-test', 'History test', 'Text before deletion.'],
        ['delete', 'en', 'history-test', 'History test', 'Text before deletion.'],
      ],
    );
    assert.equal(typeof versions[1].editorId, 'number');
  });

  it('refuses to change, delete or add a version by hand in the admin panel', async () => {
    const token = await adminLogin();
    const [version] = (await versionsOf(token)).versions;
    const edit = await contentManager(token, 'PUT', `${VERSIONS}/${version.documentId}`, { Body: 'forged' });
    assert.equal(edit.status, 403, JSON.stringify(edit.body));
    const removal = await contentManager(token, 'DELETE', `${VERSIONS}/${version.documentId}`);
    assert.equal(removal.status, 403, JSON.stringify(removal.body));
    const forged = await contentManager(token, 'POST', VERSIONS, {
      contentTypeUid: 'api::page.page',
      entryDocumentId: 'forged',
      action: 'update',
      savedAt: new Date().toISOString(),
    });
    assert.equal(forged.status, 403, JSON.stringify(forged.body));
    const after = (await versionsOf(token)).versions.find((v) => v.id === version.id);
    assert.equal(after.Body, version.Body);
  });

  it('does not serve the version log through /api to anyone', async () => {
    for (const token of [undefined, tokens.ab, tokens.ciffc]) {
      for (const pathname of ['/api/content-versions', '/api/content-versions/1']) {
        const res = await api(pathname, token ? bearer(token) : {});
        assert.ok([403, 404].includes(res.status), `${pathname}: ${res.status}`);
      }
    }
  });

  // Ended tokens, each with a user no other test here signs in as: a sign-out, a
  // password change and an admin's "sign out everywhere" end every earlier token of the user.
  const me = async (jwt) => (await api('/api/users/me', bearer(jwt))).status;

  it('ends every token of the user at POST /api/auth/logout; a new sign-in works', async () => {
    const first = (await login('nt')).body.jwt;
    const second = (await login('nt')).body.jwt;
    assert.equal(await me(first), 200);
    const out = await api('/api/auth/logout', { method: 'POST', ...bearer(first) });
    assert.equal(out.status, 200, await out.clone().text());
    assert.deepEqual(await out.json(), { ok: true });
    assert.equal(await me(first), 401);
    assert.equal(await me(second), 401);
    assert.equal((await api('/api/auth/logout', { method: 'POST', ...bearer(first) })).status, 401);
    const again = (await login('nt')).body.jwt;
    assert.equal(await me(again), 200);
    assert.equal((await api('/api/auth/logout', { method: 'POST' })).status, 403);
  });

  it('ends the earlier tokens at a password change; the token it answers works', async () => {
    const old = (await login('on')).body.jwt;
    const change = (jwt, currentPassword, password) =>
      api('/api/auth/change-password', {
        method: 'POST',
        headers: { authorization: `Bearer ${jwt}`, 'content-type': 'application/json' },
        body: JSON.stringify({ currentPassword, password, passwordConfirmation: password }),
      });
    const changed = await change(old, DEMO_PASSWORD, 'Another-long-passphrase-2026');
    assert.equal(changed.status, 200, await changed.clone().text());
    const fresh = (await changed.json()).jwt;
    assert.equal(await me(old), 401);
    assert.equal(await me(fresh), 200);
    // Back to the demo password for the tests after this one; that change ends `fresh` in turn.
    const back = await change(fresh, 'Another-long-passphrase-2026', DEMO_PASSWORD);
    assert.equal(back.status, 200, await back.clone().text());
    assert.equal(await me(fresh), 401);
    assert.equal(await me((await back.json()).jwt), 200);
  });

  it("ends the user's tokens when an admin signs them out everywhere or blocks them", async () => {
    const { body } = await login('pe');
    const token = await adminLogin();
    const user = `plugin::users-permissions.user/${body.user.documentId}`;
    const everywhere = await contentManager(token, 'PUT', user, {
      tokensValidAfter: new Date().toISOString(),
    });
    assert.equal(everywhere.status, 200, JSON.stringify(everywhere.body));
    assert.equal(await me(body.jwt), 401);
    const later = (await login('pe')).body.jwt;
    assert.equal(await me(later), 200);
    const blocked = await contentManager(token, 'PUT', user, { blocked: true });
    assert.equal(blocked.status, 200, JSON.stringify(blocked.body));
    assert.equal(await me(later), 401);
    // Unblocked, the earlier token stays ended: only a new sign-in gives a working one.
    const unblocked = await contentManager(token, 'PUT', user, { blocked: false });
    assert.equal(unblocked.status, 200, JSON.stringify(unblocked.body));
    assert.equal(await me(later), 401);
    assert.equal(await me((await login('pe')).body.jwt), 200);
  });

  it("saves a signed-in user's own language, for the next sign-in, and nothing else", async () => {
    const { body } = await login('sk');
    const put = (jwt, payload) =>
      api('/api/users/me/preferred-locale', {
        method: 'PUT',
        headers: { authorization: `Bearer ${jwt}`, 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
    const saved = await put(body.jwt, { preferredLocale: 'fr' });
    assert.equal(saved.status, 200, await saved.clone().text());
    assert.equal((await login('sk')).body.user.preferredLocale, 'fr');
    // The token still works: a language is not a credential.
    assert.equal(await me(body.jwt), 200);
    const refused = await put(body.jwt, { preferredLocale: 'de', agency_code: 'bc' });
    assert.equal(refused.status, 400);
    assert.match(await refused.text(), /preferredLocale/);
    assert.equal((await put('not-a-token', { preferredLocale: 'en' })).status, 401);
    const back = await put(body.jwt, { preferredLocale: 'en' });
    assert.equal(back.status, 200);
    const again = (await login('sk')).body.user;
    assert.equal(again.preferredLocale, 'en');
    assert.equal(again.agency_code, 'sk');
  });

  it('refuses what the data API refuses: no exp, issued 13 h ago, issued in the future', async () => {
    const { body } = await login('sk');
    const now = Math.floor(Date.now() / 1000);
    const sign = (claims) => {
      const part = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ id: body.user.id, ...claims })}`;
      return `${unsigned}.${createHmac('sha256', env.JWT_SECRET).update(unsigned).digest('base64url')}`;
    };
    assert.equal(await me(sign({ iat: now - 5, exp: now + 3600 })), 200);
    assert.equal(await me(sign({ iat: now - 5 })), 401);
    assert.equal(await me(sign({ iat: now - 13 * 3600, exp: now + 3600 })), 401);
    assert.equal(await me(sign({ iat: now + 600, exp: now + 3600 })), 401);
    assert.equal(await me(sign({ exp: now + 3600 })), 401);
  });

  it('reuses the data on a second start and creates nothing twice', async () => {
    const versionsBefore = (await versionsOf(await adminLogin())).total;
    await stopPart(server);
    server = await startStrapi(env);
    console.log(`# existing database: ready in ${server.readyMs} ms`);
    assert.equal((await versionsOf(await adminLogin())).total, versionsBefore);
    assert.doesNotMatch(server.log(), /\[ciffc\] (demo: .* created|demo: uploaded|creating role)/);
    const list = await (await api('/api/static-contents?fields[0]=Alias')).json();
    assert.equal(list.meta.pagination.total, FEATURE_ALIASES.length);
    const { status } = await login('ab');
    assert.equal(status, 200);
  });

  /** A production start (NODE_ENV=production, never demo mode) on its own new database. */
  const productionEnv = async (name, overrides = {}) => ({
    ...secrets(),
    CIFFC_DEMO: undefined,
    AUTH_RATELIMIT_MAX: '1000',
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    PORT: String(await freePort()),
    DATABASE_FILENAME: path.join(tmp, `${name}.db`),
    ...overrides,
  });

  /** Starts Strapi expecting a refusal; resolves with the output once it has exited. */
  /** What the refused start said: production logs are JSON lines, read here as their messages. */
  const refused = async (env) => {
    const { status, output } = await refusedStart(env, 30_000);
    assert.notEqual(status, 0, output);
    const said = output
      .split('\n')
      .map((line) => {
        try {
          return JSON.parse(line).message ?? line;
        } catch {
          return line;
        }
      })
      .join('\n');
    assert.match(said, /refuses to start/);
    return said;
  };

  it('refuses a production start with a default secret, saying which one', async () => {
    const output = await refused(await productionEnv('default', { JWT_SECRET: 'tobemodified' }));
    assert.match(output, /JWT_SECRET is the known default "tobemodified"/);
  });

  it('refuses a production start with a missing secret, saying which one', async () => {
    const output = await refused(await productionEnv('missing', { ADMIN_JWT_SECRET: undefined }));
    assert.match(output, /ADMIN_JWT_SECRET is missing/);
  });

  it('creates no demo user on a production start with good secrets', async () => {
    const production = await startStrapi(await productionEnv('production'));
    console.log(`# production start: ready in ${production.readyMs} ms`);
    try {
      assert.equal((await signIn(production.url, 'ab')).status, 400);
      assert.doesNotMatch(production.log(), /\[ciffc\] demo/);
    } finally {
      await stopPart(production);
    }
  });
});
