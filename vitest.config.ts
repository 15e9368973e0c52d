import { defineConfig } from 'vitest/config';

// Two projects: `unit` (pure logic and components, no servers) and `api` (the data API through
// app.inject on a real SQLite file and a real PostgreSQL cluster, with tokens from a real Strapi).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/**/*.test.ts',
            'api/src/**/*.unit.test.ts',
            'gateway/src/**/*.test.ts',
            'scripts/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
        },
      },
      'web/vitest.config.ts',
      {
        test: {
          name: 'api',
          include: ['api/src/**/*.test.ts'],
          exclude: ['api/src/**/*.unit.test.ts', '**/node_modules/**'],
          globalSetup: ['api/test/global-setup.ts'],
          // One module graph per worker: each file imported the whole app again (2 minutes of a
          // 7-minute run); every suite builds its own app and database, so nothing is shared.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
