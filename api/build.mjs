// `npm run build -w api`: the data API as plain JavaScript for `node` (no TypeScript loader at run
// time, deploy/README.md). One ESM file per entry point; the shared contracts are bundled in (they
// ship as TypeScript), every npm dependency stays external and is loaded from node_modules.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
// moment-timezone's zone data is bundled in too: only its JSON file is imported, and Node 20 cannot
// load an external JSON module from ESM without the import attribute esbuild's output drops.
const bundled = (name) => name.startsWith('@ciffc/') || name === 'moment-timezone';
const external = Object.keys(pkg.dependencies).filter((name) => !bundled(name));

await build({
  entryPoints: {
    server: 'src/server.ts',
    migrate: 'src/db/migrate-cli.ts',
    import: 'src/fires/import/cli.ts',
    // Started as the import's worker thread (src/fires/import/thread.ts), beside the two above.
    'import-worker': 'src/fires/import/worker.ts',
    // Started as the perimeter reader's child process (src/perimeters/reader.ts).
    'perimeter-reader': 'src/perimeters/reader-process.ts',
  },
  absWorkingDir: new URL('.', import.meta.url).pathname,
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
console.log('api/dist: server.js, migrate.js, import.js, import-worker.js, perimeter-reader.js');
