/**
 * The site's first bundle: what every page downloads and runs before anything else (the entry and
 * the chunks it imports statically). Built here with the site's own Vite configuration, in memory,
 * so a change that drags a library into it fails a test rather than a phone (docs/performance.md,
 * "First load").
 */
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { build, type Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';

type Output = Rolldown.RolldownOutput;
type Chunk = Rolldown.OutputChunk;

interface Site {
  chunks: Chunk[];
  /** The built shell, index.html. */
  html: string;
}

async function buildSite(): Promise<Site> {
  const web = join(import.meta.dirname, '..', 'web');
  // Vitest sets NODE_ENV=test, which would build React's development bundles.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  const result = (await build({
    root: web,
    configFile: join(web, 'vite.config.ts'),
    logLevel: 'silent',
    build: { write: false },
  }).finally(() => {
    process.env.NODE_ENV = nodeEnv;
  })) as Output | Output[];
  const files = (Array.isArray(result) ? result : [result]).flatMap((o) => o.output);
  const shell = files.find((f) => f.type === 'asset' && f.fileName === 'index.html');
  if (shell?.type !== 'asset') throw new Error('the build has no index.html');
  return {
    chunks: files.filter((f): f is Chunk => f.type === 'chunk'),
    html: String(shell.source),
  };
}

/** A chunk and every chunk reached from it by static imports. */
function staticClosure(chunks: Chunk[], start: Chunk): Chunk[] {
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const seen = new Map<string, Chunk>();
  const visit = (chunk: Chunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const name of chunk.imports) {
      const next = byName.get(name);
      if (next) visit(next);
    }
  };
  visit(start);
  return [...seen.values()];
}

/** The entry and every chunk reached from it by static imports. */
function firstBundle(chunks: Chunk[]): Chunk[] {
  const entry = chunks.find((c) => c.isEntry);
  if (!entry) throw new Error('the build has no entry chunk');
  return staticClosure(chunks, entry);
}

/** The modules of some chunks, by package (a `?url` import is a file's address, not its code). */
function modulesOf(chunks: Chunk[]) {
  const modules = chunks.flatMap((c) => Object.keys(c.modules)).filter((id) => !id.endsWith('?url'));
  return (lib: string) => modules.filter((id) => id.includes(`/node_modules/${lib}/`));
}

const brotli = (code: string) =>
  brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

describe("the site's first bundle", () => {
  // One build for the file's tests (about 40 s on this kind of machine).
  let built: Promise<Site> | undefined;
  const site = () => {
    built ??= buildSite();
    return built;
  };

  it('carries no zod, no chart library and no map library, and stays within 170 KB brotli', async () => {
    const first = firstBundle((await site()).chunks);
    const from = modulesOf(first);
    expect(from('zod')).toEqual([]);
    expect(from('recharts')).toEqual([]);
    expect(from('maplibre-gl')).toEqual([]);
    const bytes = first.reduce((sum, c) => sum + brotli(c.code), 0);
    expect(bytes).toBeLessThanOrEqual(170 * 1024);
  }, 120_000);

  it("leaves the chart library out of the wildfire graphs page's own chunk: the page's text paints without it", async () => {
    const { chunks } = await site();
    const page = chunks.find((c) => c.facadeModuleId?.endsWith('/features/statistics/StatisticsPage.tsx'));
    if (!page) throw new Error("the statistics page's chunk is missing");
    expect(modulesOf(staticClosure(chunks, page))('recharts')).toEqual([]);
    // The charts still come, in a chunk of their own loaded when the first one is drawn.
    expect(page.dynamicImports.length).toBeGreaterThan(0);
  }, 120_000);

  it("leaves zod out of the public pages' own chunks: a schema module's top-level calls cost a phone's CPU at load, to no use", async () => {
    const { chunks } = await site();
    for (const name of [
      'situation/SituationPage',
      'statistics/StatisticsPage',
      'national-fires/NationalFiresPage',
    ]) {
      const page = chunks.find((c) => c.facadeModuleId?.endsWith(`/features/${name}.tsx`));
      if (!page) throw new Error(`${name}'s chunk is missing`);
      expect(modulesOf(staticClosure(chunks, page))('zod'), name).toEqual([]);
    }
  }, 120_000);

  it("asks for the app's code and the map's at low priority, after what the first paint needs", async () => {
    const { html } = await site();
    const tags = (pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[0]);
    const entry = tags(/<script type="module"[^>]*>/g);
    const preloads = tags(/<link rel="modulepreload"[^>]*>/g);
    const map = preloads.filter((tag) => tag.includes('data-map-preload'));
    const app = preloads.filter((tag) => !tag.includes('data-map-preload'));
    expect(entry).toHaveLength(1);
    expect(map.length).toBeGreaterThanOrEqual(2); // the map's chunk and MapLibre's
    // The entry's own imports and each public page's chunk hints (data-page-preload).
    expect(app.length).toBeGreaterThan(10);
    for (const tag of [...entry, ...app]) expect(tag).toContain('fetchpriority="low"');
    for (const tag of map) expect(tag).toContain('fetchpriority="low"');
    // Only the shell's language script and the stylesheet stand before the first paint.
    expect(tags(/<script(?! type="module")[^>]*>/g)).toEqual([expect.stringMatching(/shell-language-/)]);
  }, 120_000);

  it("splits the map: MapLibre a chunk of its own, hinted with the map's; the popups after the first frame", async () => {
    const { chunks, html } = await site();
    const map = chunks.find((c) => c.facadeModuleId?.endsWith('/features/dashboard/FiresMapCanvas.tsx'));
    if (!map) throw new Error("the map's chunk is missing");
    // Its code, not its stylesheet, which stays with the map's.
    const code = (chunk: Chunk) => modulesOf([chunk])('maplibre-gl').filter((id) => id.endsWith('.mjs'));
    const library = chunks.filter((c) => code(c).length > 0);
    expect(library.map((c) => c.name)).toEqual(['maplibre']);
    expect(code(map)).toEqual([]);
    // The map's first frame needs the library: a static import, named in the shell's hints.
    expect(map.imports).toContain(library[0]?.fileName);
    const hinted = [...html.matchAll(/<link rel="modulepreload" href="\/([^"]+)"[^>]*data-map-preload/g)].map(
      (m) => m[1],
    );
    expect(hinted).toEqual(expect.arrayContaining([map.fileName, library[0]?.fileName]));
    // A popup's details load once the fires are drawn, not with the map.
    const firstFrame = staticClosure(chunks, map).flatMap((c) => Object.keys(c.modules));
    expect(firstFrame.filter((id) => /\/dashboard\/(MapPopups|PerimeterDetails)\.tsx$/.test(id))).toEqual([]);
  }, 120_000);
});
