// The content system runs the contracts' own code, never a copy of it. Strapi compiles cms/ on its
// own (CommonJS, rootDir cms/) and Node 20 cannot load the contracts' TypeScript at run time, so the
// few dependency-free modules the content system needs are compiled here to CommonJS, with their
// types, into packages/contracts/commonjs/ (git-ignored). The content system imports them as
// `@ciffc/contracts/commonjs/<module>` (the contracts' package.json exports), which Node finds from
// cms/src (type-check) and cms/dist/src (run time) alike through the root workspace link.
//
// Run by the root postinstall, `npm run build`/`develop`/`start` in cms/, the site's build of the
// parts and the content system's tests. Does nothing when the output is newer than its sources.
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The contract modules the content system imports (each with only relative imports among these). */
const CMS_CONTRACT_MODULES = [
  'agencies',
  'demo-accounts',
  'env-flags',
  'features',
  'password-rule',
  'secrets',
  'token-rule',
];

const here = path.dirname(fileURLToPath(import.meta.url));
const contractsDir = path.resolve(here, '..', '..', 'packages', 'contracts');
const srcDir = path.join(contractsDir, 'src');
const commonjsDir = path.join(contractsDir, 'commonjs');

const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);

const upToDate = (outDir) => {
  const built = mtime(path.join(outDir, 'package.json'));
  if (built === 0) return false;
  const sources = CMS_CONTRACT_MODULES.map((name) => path.join(srcDir, `${name}.ts`));
  return [...sources, fileURLToPath(import.meta.url)].every((file) => mtime(file) < built);
};

/**
 * Compiles the modules into `outDir` (a test compiles into its own folder); throws with TypeScript's
 * messages when they do not compile. Returns the names of the modules built, none when up to date.
 */
export function buildContracts({ force = false, outDir = commonjsDir } = {}) {
  if (!force && upToDate(outDir)) return [];
  // The content system's TypeScript (the one Strapi compiles with), else the root's.
  const ts = createRequire(import.meta.url)('typescript');
  const program = ts.createProgram({
    rootNames: CMS_CONTRACT_MODULES.map((name) => path.join(srcDir, `${name}.ts`)),
    options: {
      module: ts.ModuleKind.CommonJS,
      moduleResolution: ts.ModuleResolutionKind.Node10,
      target: ts.ScriptTarget.ES2022,
      lib: ['lib.es2022.d.ts'],
      types: [],
      strict: true,
      declaration: true,
      // The contracts import each other as './x.ts' (Node's type stripping, the site's bundler).
      rewriteRelativeImportExtensions: true,
      rootDir: srcDir,
      outDir,
      noEmitOnError: true,
    },
  });
  const result = program.emit();
  const diagnostics = [...ts.getPreEmitDiagnostics(program), ...result.diagnostics];
  if (diagnostics.length > 0 || result.emitSkipped) {
    const host = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => here, getNewLine: () => '\n' };
    throw new Error(`contracts for the content system:\n${ts.formatDiagnostics(diagnostics, host)}`);
  }
  const stray = readdirSync(outDir).filter(
    (file) => file.endsWith('.js') && !CMS_CONTRACT_MODULES.includes(file.slice(0, -3)),
  );
  if (stray.length > 0)
    throw new Error(`contracts for the content system: also compiled ${stray.join(', ')}`);
  // The contracts' package is an ES module package; this folder is CommonJS. Written last: its
  // time marks a complete build.
  mkdirSync(outDir, { recursive: true });
  writeFileSync(path.join(outDir, 'package.json'), '{ "type": "commonjs" }\n');
  return CMS_CONTRACT_MODULES;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (buildContracts({ force: process.argv.includes('--force') }).length > 0)
    console.log(`[build] contracts for the content system in ${path.relative(process.cwd(), commonjsDir)}`);
}
