import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const API_URL = process.env.API_URL ?? 'http://127.0.0.1:3001';
const CMS_URL = process.env.CMS_URL ?? 'http://127.0.0.1:1337';

const SHELL_LANGUAGE = 'src/app/shell-language.js';

/**
 * Puts src/app/shell-language.js in <head> as a plain (render-blocking) script, so the app shell
 * of index.html paints in the visitor's language (issue 14, phone LCP). The build emits it under a
 * content hash, so it is cached for good like the bundles (the gateway and nginx mark assets/
 * immutable); `vite dev` serves the source file.
 *
 * The first paint waits for this script and the stylesheet only, so both come first in <head>,
 * before the entry and its modulepreloads: over HTTP/1.1 a browser opens 6 connections to a host
 * and takes requests in document order, and behind the 8 scripts the shell waited for a free
 * connection (phone profile: first paint 740-1,050 ms, docs/performance.md).
 */
function shellLanguage(): Plugin {
  // Shipped without its opening comment (the why is for readers of the source).
  const source = readFileSync(join(import.meta.dirname, SHELL_LANGUAGE), 'utf8').replace(
    /^\/\*[\s\S]*?\*\/\n/,
    '',
  );
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 10);
  const fileName = `assets/shell-language-${hash}.js`;
  let building = false;
  return {
    name: 'ciffc-shell-language',
    configResolved(config) {
      building = config.command === 'build';
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const script = `<script src="/${building ? fileName : SHELL_LANGUAGE}"></script>`;
        const stylesheets = html.match(/^\s*<link rel="stylesheet"[^>]*>\n/gm) ?? [];
        const rest = stylesheets.reduce((text, link) => text.replace(link, ''), html);
        const entry = rest.search(/<script type="module"/);
        if (entry < 0) throw new Error('index.html has no module script');
        const first = [script, ...stylesheets.map((link) => link.trim())].join('\n    ');
        return `${rest.slice(0, entry)}${first}\n    ${rest.slice(entry)}`;
      },
    },
  };
}

// In production the gateway (or nginx) gives the site, /v1, /api and /uploads one origin; in
// `vite dev` this proxy does the same job, so the code only ever calls same-origin paths.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), shellLanguage()],
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
