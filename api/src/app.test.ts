import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { bearer, forEachEngine, signToken, tokenFor } from '../test/context.ts';

forEachEngine('the data API', (ctx) => {
  describe('errors', () => {
    it('answers 404 in the one error shape for an unknown route', async () => {
      const res = await ctx().app.inject({ method: 'GET', url: '/v1/no-such-thing' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: 'Route GET /v1/no-such-thing not found',
        code: 'http.route_not_found',
        params: { method: 'GET', path: '/v1/no-such-thing' },
      });
    });

    it('answers 400 naming the problem for malformed JSON', async () => {
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/v1/fires/import',
        // A bearer header: without one the import answers 401 before reading the body.
        headers: { 'content-type': 'application/json', ...bearer(await signToken(ctx().jwtSecret)) },
        payload: '{"type": "FeatureCollection",',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(res.json().message).toMatch(/not valid JSON/);
    });

    it('answers 413 for a body over the limit', async () => {
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/v1/no-such-thing',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ padding: 'x'.repeat(2 * 1024 * 1024) }),
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({
        statusCode: 413,
        error: 'Payload Too Large',
        message: 'Request body is too large',
        code: 'request.too_large',
        params: {},
      });
    });

    it('answers 400 with validationErrors keyed by the parameter for a wrong type', async () => {
      const res = await ctx().app.inject({ method: 'GET', url: '/v1/agency?has_siterep=maybe' });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().validationErrors)).toEqual(['has_siterep']);
      expect(res.json().message).toContain('has_siterep');
      expect(res.json()).toMatchObject({ code: 'request.invalid', params: { part: 'querystring' } });
      expect(res.json().validationErrors.has_siterep).toMatchObject({
        code: expect.stringMatching(/^field\./),
      });
    });
  });

  describe('openapi', () => {
    it('serves /v1/openapi.json generated from the route schemas', async () => {
      const res = await ctx().app.inject({ method: 'GET', url: '/v1/openapi.json' });
      expect(res.statusCode).toBe(200);
      const doc = res.json();
      expect(doc.openapi).toMatch(/^3\./);
      for (const route of ['/v1/agency', '/v1/health', '/v1/me']) expect(doc.paths).toHaveProperty([route]);
      expect(doc.paths['/v1/agency'].get.parameters.map((p: { name: string }) => p.name)).toContain(
        'has_siterep',
      );
      expect(doc.paths['/v1/openapi.json']).toBeUndefined();
      // The shared error shape declares the code and parameters an HttpError may send.
      const refused = doc.paths['/v1/fires/import'].post.responses['400'].content['application/json'].schema;
      expect(Object.keys(refused.properties)).toEqual(expect.arrayContaining(['code', 'params']));
      const locked = doc.paths['/v1/sitrep/national/claim'].post.responses['409'].content['application/json'];
      expect(Object.keys(locked.schema.properties)).toEqual(expect.arrayContaining(['code', 'params']));
    });
  });

  describe('identity', () => {
    it('answers 401 without a token', async () => {
      const res = await ctx().app.inject({ method: 'GET', url: '/v1/me' });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    });

    it('answers 401 for a token signed with another secret', async () => {
      const forged = await signToken('not-the-content-systems-secret');
      const res = await ctx().app.inject({ method: 'GET', url: '/v1/me', headers: bearer(forged) });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Invalid token');
    });

    it('answers 401 for an expired token', async () => {
      const now = Math.floor(Date.now() / 1000);
      const expired = await signToken(ctx().jwtSecret, { issuedAt: now - 50_000, expiresIn: now - 60 });
      const res = await ctx().app.inject({ method: 'GET', url: '/v1/me', headers: bearer(expired) });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Token expired');
    });

    it('answers 401 for a correctly signed token without exp, and for one issued more than 12 h ago', async () => {
      const key = new TextEncoder().encode(ctx().jwtSecret);
      const noExp = await new SignJWT({ id: 1 })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt()
        .sign(key);
      const res = await ctx().app.inject({ method: 'GET', url: '/v1/me', headers: bearer(noExp) });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Invalid token');

      const now = Math.floor(Date.now() / 1000);
      // Still before its own exp, but older than a session.
      const old = await signToken(ctx().jwtSecret, { issuedAt: now - 43_200 - 60, expiresIn: now + 3_600 });
      const stale = await ctx().app.inject({ method: 'GET', url: '/v1/me', headers: bearer(old) });
      expect(stale.statusCode).toBe(401);
    });

    it('answers 401 for a token issued in the future, as the content system does (token-rule.ts)', async () => {
      const now = Math.floor(Date.now() / 1000);
      const ahead = await signToken(ctx().jwtSecret, { issuedAt: now + 600, expiresIn: now + 3_600 });
      const res = await ctx().app.inject({ method: 'GET', url: '/v1/me', headers: bearer(ahead) });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('auth.token_invalid');
    });

    it('answers an anonymous write with a large body 401 at once, before reading the body', async () => {
      const big = `${'x'.repeat(1024)}\n`.repeat(4 * 1024);
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/v1/fires/import',
        headers: { 'content-type': 'text/csv' },
        payload: big,
      });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
      // A JSON write too: malformed JSON is never parsed, so the answer is 401, not 400.
      const json = await ctx().app.inject({
        method: 'POST',
        url: '/v1/sitrep/national',
        headers: { 'content-type': 'application/json' },
        payload: `{"en_summary_comments": "${'y'.repeat(500_000)}"`,
      });
      expect(json.statusCode).toBe(401);
      // Public routes still answer without a token.
      const open = await ctx().app.inject({ method: 'GET', url: '/v1/agency' });
      expect(open.statusCode).toBe(200);
    });

    it('answers 401 for a token that is not a JWT and for a non-Bearer header', async () => {
      const garbage = await ctx().app.inject({ method: 'GET', url: '/v1/me', headers: bearer('abc.def') });
      expect(garbage.statusCode).toBe(401);
      const basic = await ctx().app.inject({
        method: 'GET',
        url: '/v1/me',
        headers: { authorization: 'Basic YWI6d2lsZGZpcmUtZGVtbw==' },
      });
      expect(basic.statusCode).toBe(401);
    });

    it('still answers public reads when a stale token is sent', async () => {
      const forged = await signToken('not-the-content-systems-secret');
      const res = await ctx().app.inject({ method: 'GET', url: '/v1/agency', headers: bearer(forged) });
      expect(res.statusCode).toBe(200);
    });

    it('takes role and agency from the content system for a real token', async () => {
      const ab = await tokenFor(ctx(), 'ab');
      const res = await ctx().app.inject({ method: 'GET', url: '/v1/me', headers: bearer(ab) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        username: 'ab',
        agency_code: 'ab',
        is_national: false,
        agency: 'ab',
      });
      const ciffc = await tokenFor(ctx(), 'ciffc');
      const national = await ctx().app.inject({ method: 'GET', url: '/v1/me', headers: bearer(ciffc) });
      expect(national.json()).toMatchObject({ username: 'ciffc', is_national: true, agency: null });
      expect(national.json().role.toLowerCase()).toBe('ciffc');
    });
  });
});
