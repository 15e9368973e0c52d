/** `npx tsx bench/api-agency.ts`: GET /v1/agency requests per second, SQLite by default. */
import { measure, printResults, reportFigure, startBenchApi } from './lib.ts';

const api = await startBenchApi({ demo: false });
try {
  const results = [
    await measure(api.url, '/v1/agency'),
    await measure(api.url, '/v1/agency?has_siterep=true'),
  ];
  printResults(
    `data API on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'}, 50 connections, 10 s`,
    results,
  );
  const [all, sitrep] = results;
  reportFigure(
    'api-agency',
    `${all?.requestsPerSecond.toLocaleString('en-CA')} req/s, p99 ${all?.p99} ms; ?has_siterep=true ${sitrep?.requestsPerSecond.toLocaleString('en-CA')} req/s, p99 ${sitrep?.p99} ms`,
  );
} finally {
  await api.stop();
}
