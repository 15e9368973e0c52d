import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_URL = process.env.API_URL ?? 'http://127.0.0.1:3001';
const CMS_URL = process.env.CMS_URL ?? 'http://127.0.0.1:1337';

// In production the gateway (or nginx) gives the site, /v1, /api and /uploads one origin; in
// `vite dev` this proxy does the same job, so the code only ever calls same-origin paths.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  server: {
    proxy: {
      '/v1': { target: API_URL, changeOrigin: true },
      '/api': { target: CMS_URL, changeOrigin: true },
      '/uploads': { target: CMS_URL, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      // @ciffc/contracts is plain declarations (rules, constants, zod schemas); saying so lets the
      // bundler leave out the modules a chunk does not use, so zod stays out of the shell's bundle.
      treeshake: { moduleSideEffects: (id: string) => !id.includes('/packages/contracts/') },
    },
  },
});
