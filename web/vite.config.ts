import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { MAP_FIRES_ADDRESS } from './src/features/dashboard/map-fires-address.ts';

const API_URL = process.env.API_URL ?? 'http://127.0.0.1:3001';
const CMS_URL = process.env.CMS_URL ?? 'http://127.0.0.1:1337';

const SHELL_LANGUAGE = 'src/app/shell-language.js';

/**
 * Puts src/app/shell-language.js in <head> as a plain (render-blocking) script, so the app shell
 * of index.html paints in the visitor's language (phone LCP). The build emits it under a
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

type Bundle = NonNullable<
  Parameters<Extract<Plugin['transformIndexHtml'], { handler: unknown }>['handler']>[1]['bundle']
>;

/**
 * The chunks a chunk loads with it (its static imports, transitively) that the entry has not
 * loaded already: what a hint must name so the chunk runs without one more round trip (a
 * modulepreload fetches one module, not its imports).
 */
function beyondEntry(bundle: Bundle, fileName: string): string[] {
  const chunks = Object.values(bundle).filter((f) => f.type === 'chunk');
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (start: string): Set<string> => {
    const seen = new Set<string>();
    const walk = (name: string) => {
      if (seen.has(name)) return;
      seen.add(name);
      for (const next of byName.get(name)?.imports ?? []) walk(next);
    };
    walk(start);
    return seen;
  };
  const entry = chunks.find((c) => c.isEntry);
  if (!entry) throw new Error('the build has no entry chunk');
  const loaded = closure(entry.fileName);
  return [...closure(fileName)].filter((name) => !loaded.has(name));
}

/** The stylesheets some chunks bring. */
function stylesOf(bundle: Bundle, files: readonly string[]): string[] {
  return files.flatMap((name) => {
    const file = bundle[name];
    return file?.type === 'chunk' ? [...(file.viteMetadata?.importedCss ?? [])] : [];
  });
}

/** The app's own downloads are asked after what the first paint needs (appScriptsLowPriority). */
const LOW = 'fetchpriority="low"';

/** A plugin writing tags made from the bundle before the built shell's </head> (none in `vite dev`). */
function headTags(name: string, tags: (bundle: Bundle) => string[]): Plugin {
  return {
    name,
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html; // vite dev: nothing is bundled
        return html.replace('</head>', `  ${tags(bundle).join('\n    ')}\n  </head>`);
      },
    },
  };
}

/**
 * Hints in the built shell for what the dashboard's map needs (its chunk, MapLibre's worker, the
 * base map, the fires), so a page that shows the map asks for them with the first bundles instead of after
 * them (docs/performance.md, "First load"). Marked `data-map-preload`: the served page keeps them
 * only on the pages that show the map (api/src/site-pages/served-page.ts). The worker, the base map and
 * the fires are read with `fetch` (src/shared/map/map-assets.ts, the dashboard's query), which the
 * `as="fetch"` hints match.
 */
function mapPreloads(): Plugin {
  return headTags('ciffc-map-preloads', (bundle) => {
    const files = Object.values(bundle);
    const chunk = files.find(
      (f) => f.type === 'chunk' && f.facadeModuleId?.endsWith('/features/dashboard/FiresMapCanvas.tsx'),
    );
    const asset = (pattern: RegExp) => files.find((f) => f.type === 'asset' && pattern.test(f.fileName));
    const worker = asset(/maplibre-gl-worker-[^/]*\.mjs$/);
    const baseMap = asset(/canada\.topo-[^/]*\.json$/);
    if (chunk?.type !== 'chunk' || !worker || !baseMap)
      throw new Error('the map chunk, its worker or the base map is missing from the build');
    // The map's chunk first, then MapLibre's (a chunk of its own) and what else it imports.
    const code = beyondEntry(bundle, chunk.fileName);
    // Not on a phone, where the map waits for a tap (FiresMap's waitOnPhone): the width is
    // the site's phone layout's (useNarrowScreen's 48rem).
    const hint = `media="(min-width: 48.0625rem)" ${LOW} data-map-preload`;
    const fetched = [worker.fileName, baseMap.fileName].map((name) => `/${name}`);
    return [
      ...code.map((name) => `<link rel="modulepreload" href="/${name}" ${hint}>`),
      ...stylesOf(bundle, code).map(
        (css) => `<link rel="preload" href="/${css}" as="style" crossorigin ${hint}>`,
      ),
      ...[...fetched, MAP_FIRES_ADDRESS].map(
        (href) => `<link rel="preload" href="${href}" as="fetch" crossorigin="anonymous" ${hint}>`,
      ),
    ];
  });
}

/**
 * The public pages' own chunks, by the pattern of the served page that shows them
 * (api/src/site-pages/served-page.ts): the router asks for a page's chunk only once the entry has
 * run, so on a phone the page's text waited one more round trip (Lighthouse: the statistics intro,
 * its largest paint, came after the entry, then its chunk).
 */
const PAGE_CHUNKS: Record<string, string> = {
  '/situation': '/features/situation/SituationPage.tsx',
  '/situation/archive': '/features/situation-archive/SituationArchivePage.tsx',
  '/summary': '/features/fires-summary/FiresSummaryPage.tsx',
  '/national': '/features/national-fires/NationalFiresPage.tsx',
  '/statistics': '/features/statistics/StatisticsPage.tsx',
  '/data': '/features/open-data/OpenDataPage.tsx',
};

/**
 * Hints in the built shell for each page's chunk and what it imports beyond the entry, written
 * inert (`data-href`, `data-page-preload="<pattern>"`): the served page makes its own page's hints
 * real and drops the others (served-page.ts, `renderPage`), so the shell served as it is never
 * downloads the chunks of six pages.
 */
function pagePreloads(): Plugin {
  return headTags('ciffc-page-preloads', (bundle) => {
    const chunks = Object.values(bundle).filter((f) => f.type === 'chunk');
    return Object.entries(PAGE_CHUNKS).flatMap(([pattern, module]) => {
      const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(module));
      if (!chunk) throw new Error(`the chunk of ${module} is missing from the build`);
      const files = beyondEntry(bundle, chunk.fileName);
      return [
        ...files.map(
          (name) => `<link rel="modulepreload" ${LOW} data-href="/${name}" data-page-preload="${pattern}">`,
        ),
        ...stylesOf(bundle, files).map(
          (css) => `<link rel="preload" as="style" data-href="/${css}" data-page-preload="${pattern}">`,
        ),
      ];
    });
  });
}

/**
 * The app's code is asked at low priority: a served page paints its own heading and opening lines
 * from the HTML and the stylesheet (api/src/site-pages/served-page.ts), so no module script is
 * needed for the first paint, and on a slow link the stylesheet should not share the line with
 * 120 KB of scripts. Module scripts and their preloads default to high priority, the priority of
 * what blocks rendering. Here Vite's own tags are marked; the site's own hints are written with `LOW`
 * (the pages' and the map's). The map's are low too: at the default priority its
 * seven downloads took the browser's connections first and the entry, which must run before the map
 * is made, waited for one (laptop: fires drawn about 0.2 s later).
 */
function appScriptsLowPriority(): Plugin {
  return {
    name: 'ciffc-app-scripts-low-priority',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const marked = html
          .replace(
            /<script type="module" crossorigin src=/g,
            '<script type="module" fetchpriority="low" crossorigin src=',
          )
          .replace(
            /<link rel="modulepreload" crossorigin href=/g,
            '<link rel="modulepreload" fetchpriority="low" crossorigin href=',
          );
        if (!marked.includes('<script type="module" fetchpriority="low"'))
          throw new Error('index.html has no module script to mark');
        return marked;
      },
    },
  };
}

/** Files worth compressing: text over 1 KB (smaller ones gain less than a header costs). */
const COMPRESSIBLE = /\.(js|mjs|css|json|svg)$/;
const MIN_COMPRESSED_BYTES = 1024;

/**
 * Writes each script, style and data file of the build beside itself compressed, `.br` (brotli,
 * its best quality) and `.gz` (gzip 9), for the server to send as they are (nginx `gzip_static`,
 * the gateway's `preCompressed`): compressed once per release rather than per request, MapLibre's
 * 1.1 MB module among them, and at a better ratio than a server can afford per request.
 */
function precompressAssets(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipped = promisify(gzip);
  return {
    name: 'ciffc-precompress-assets',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? join(import.meta.dirname, 'dist');
      const files = Object.values(bundle).filter((f) => COMPRESSIBLE.test(f.fileName));
      await Promise.all(
        files.map(async (file) => {
          const bytes = file.type === 'chunk' ? Buffer.from(file.code) : Buffer.from(file.source);
          if (bytes.length < MIN_COMPRESSED_BYTES) return;
          const path = join(dir, file.fileName);
          const br = brotli(bytes, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          });
          await Promise.all([
            br.then((b) => writeFile(`${path}.br`, b)),
            gzipped(bytes, { level: 9 }).then((g) => writeFile(`${path}.gz`, g)),
          ]);
        }),
      );
    },
  };
}

// In production the gateway (or nginx) gives the site, /v1, /api and /uploads one origin; in
// `vite dev` this proxy does the same job, so the code only ever calls same-origin paths.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
    shellLanguage(),
    mapPreloads(),
    pagePreloads(),
    appScriptsLowPriority(),
    precompressAssets(),
  ],
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
      output: {
        // MapLibre apart from the map's own code: a release that changes the map's code leaves
        // its 245 KB (brotli) in a phone's cache, and the two download side by side.
        // Its module only: the worker's address (`?url`), which the first bundle reads, stays there.
        codeSplitting: {
          groups: [{ name: 'maplibre', test: /[\\/]maplibre-gl[\\/]dist[\\/]maplibre-gl\.mjs$/ }],
        },
      },
      // @ciffc/contracts is plain declarations (rules, constants, zod schemas); saying so lets the
      // bundler leave out the modules a chunk does not use, so zod stays out of the shell's bundle.
      treeshake: { moduleSideEffects: (id: string) => !id.includes('/packages/contracts/') },
    },
  },
});
