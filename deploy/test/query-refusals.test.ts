// nginx refuses a public read's unknown or repeated query parameter itself, with the data API's own
// 400 (deploy/nginx/query-params.json, rendered into a map by render-nginx.mjs). Here no data API
// instance runs: a 400 can only be nginx's, and an address it lets through gets its 503.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ApiErrorBody, englishMessage, fieldError } from '@ciffc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/lib/stack.ts';
import { QUERY_RULES_FILE } from '../render-nginx.mjs';
import { nginxSettings, startNginx, waitFor } from './stack.ts';

const rules = JSON.parse(readFileSync(QUERY_RULES_FILE, 'utf8')) as { path: string; params: string[] }[];
const takes = (route: string) => {
  const params = rules.find((rule) => rule.path === route)?.params;
  return params?.length ? params.join(', ') : 'none';
};

const dir = mkdtempSync(path.join(tmpdir(), 'ciffc-query-refusals-'));
let base = '';
let stop = async () => {};

beforeAll(async () => {
  const port = await freePort();
  // Port 9 (discard): nothing listens, so every request nginx lets through finds no instance.
  const env = nginxSettings({ dir, apiPorts: [9], cmsUrl: 'http://127.0.0.1:9', port, microcache: true });
  stop = await startNginx(dir, env);
  base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/v1/health?ready=1`);
});
afterAll(async () => {
  await stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('nginx and the query parameters of the public reads', () => {
  it.each([
    ['/v1/wildfires?page=1&x=RANDOM', '/v1/wildfires', 'x'],
    ['/v1/summary?_=1700000000', '/v1/summary', '_'],
    [
      '/v1/ogc/collections/fires/items?limit=10&foo%5B%5D=bar',
      '/v1/ogc/collections/fires/items',
      'foo%5B%5D',
    ],
    [
      '/v1/ogc/collections/fires/items/bc-G1?cachebust=2',
      '/v1/ogc/collections/fires/items/:featureId',
      'cachebust',
    ],
  ])('GET %s: 400 from nginx naming the parameter, in the API body', async (url, route, name) => {
    const res = await fetch(base + url);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/json');
    const body = ApiErrorBody.parse(await res.json());
    const params = { names: name, expected: takes(route) };
    expect(body).toMatchObject({ code: 'query.unknown_parameter', params });
    expect(body.message).toBe(englishMessage('query.unknown_parameter', params));
    expect(body.validationErrors).toEqual({ [name]: fieldError('query.unknown_parameter', params) });
    expect(body.requestId).toMatch(/^[0-9a-f]{32}$/);
    expect(res.headers.get('x-request-id')).toBe(body.requestId);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('refuses a parameter given twice, and a name it cannot repeat as it is', async () => {
    const twice = await fetch(`${base}/v1/wildfires?page=1&agency=bc&page=2`);
    expect(twice.status).toBe(400);
    expect(await twice.json()).toMatchObject({
      code: 'query.repeated_parameter',
      params: { names: 'page' },
      validationErrors: { page: fieldError('query.repeated_parameter', { names: 'page' }) },
    });
    const odd = await fetch(`${base}/v1/summary?a"b=1`);
    expect(odd.status).toBe(400);
    expect(ApiErrorBody.parse(await odd.json()).code).toBe('query.unknown_parameter');
    expect((await fetch(`${base}/v1/wildfires?x=1`, { method: 'HEAD' })).status).toBe(400);
  });

  it.each([
    '/v1/wildfires',
    '/v1/wildfires?page=2&agency=bc&stage=OC&sort=-field_fire_size',
    '/v1/wildfires?sort=page&page=2', // a value that names another parameter
    '/v1/ogc/collections/fires/items?limit=10&bbox-crs=http%3A%2F%2Fwww.opengis.net%2Fdef%2Fcrs%2FEPSG%2F0%2F3978',
    '/v1/ogc/collections/perimeters/items?limit=5',
    '/v1/me?anything=1', // signed in, never cached: the API alone decides
  ])('lets %s through to the data API (here none: its 503)', async (url) => {
    const res = await fetch(base + url);
    expect(res.status).toBe(503);
    const body = ApiErrorBody.parse(await res.json());
    expect(body.code).toBe('service.unavailable');
    expect(body.message).toBe(englishMessage('service.unavailable'));
  });
});
