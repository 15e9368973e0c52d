/**
 * Shared pieces of the benchmarks: start a data API on a fresh data folder (SQLite, or
 * PostgreSQL with DATABASE_URL) and run autocannon against a path. Loopback only.
 */
import { appendFileSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { SignJWT } from 'jose';
import { freePort, type Part, startApi } from '../scripts/lib/stack.ts';

/** The middle value of a benchmark's runs (the upper middle for an even count); NaN for none. */
export const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

export interface BenchResult {
  path: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export async function startBenchApi(
  options: { demo?: boolean; env?: Record<string, string> } = {},
): Promise<Part> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ciffc-bench-'));
  return startApi({
    dataDir,
    port: await freePort(),
    demo: options.demo ?? true,
    jwtSecret: 'bench-secret-not-for-production',
    cmsUrl: process.env.CMS_URL ?? 'http://127.0.0.1:9',
    databaseUrl: process.env.DATABASE_URL,
    timeoutMs: 600_000,
  });
}

export async function measure(
  baseUrl: string,
  path: string,
  seconds = 10,
  connections = 50,
  /** Request headers of every request, e.g. `{ 'accept-encoding': 'gzip' }` as browsers send. */
  headers: Record<string, string> = {},
): Promise<BenchResult> {
  const result = await autocannon({ url: baseUrl + path, connections, duration: seconds, headers });
  return {
    path,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

export function printResults(title: string, results: BenchResult[]): void {
  console.log(`\n${title}`);
  console.log('| path | req/s | p50 ms | p99 ms | errors | non-2xx |');
  console.log('|---|---|---|---|---|---|');
  for (const r of results)
    console.log(`| ${r.path} | ${r.requestsPerSecond} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} |`);
}

/**
 * Hands a figure to `npm run bench` (bench/run.ts), which stores it under `key` in
 * bench/figures.json and docs/performance.md; run alone, a benchmark only prints.
 */
export function reportFigure(key: string, figure: string): void {
  const file = process.env.BENCH_FIGURES;
  if (file) appendFileSync(file, `${JSON.stringify({ key, figure })}\n`);
}

/** The pids of a process's children, from /proc (Linux); none once it has ended. */
export function childPids(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) => {
      const children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      return children ? children.split(' ').map(Number) : [];
    });
  } catch {
    return [];
  }
}

/** Resident memory (kB) of one process, from /proc; 0 once it has ended. */
export function rssKb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** Answers /api/users/me as the national centre's user, whatever the token: a stand-in content system. */
export async function standInContentSystem(): Promise<{ url: string; close(): void }> {
  const server = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ id: 1, username: 'ciffc', role: { name: 'CIFFC' }, agency_code: null }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => server.close(),
  };
}

/** A token of an hour signed with the API's JWT secret (the stand-in content system vouches for it). */
export function benchToken(secret: string): Promise<string> {
  return new SignJWT({ id: 1 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(secret));
}
