import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

// Referenced from the root vitest.config.ts; paths are relative to web/ (the project's root), so the
// project holds web/src/**/*.test.ts(x).
export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    setupFiles: ['src/test/setup.ts'],
    // One jsdom and one module graph per worker instead of per file (jsdom's set-up and the app's
    // first import were a third of the run); setup.ts resets what a test leaves behind.
    isolate: false,
    // Lazy feature pages compile on first import: slow on a 2-core machine, not a hang.
    testTimeout: 20_000,
  },
});
