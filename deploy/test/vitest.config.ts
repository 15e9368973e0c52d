import { defineConfig } from 'vitest/config';

// `npm run test:prod`: the production layout of deploy/ run for real (nginx, PostgreSQL, the
// content system in production mode, two data API instances). Apart from the other projects: it
// starts its own processes and takes about a minute.
export default defineConfig({
  test: {
    include: ['deploy/test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
