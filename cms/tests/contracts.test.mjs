// The content system runs the contracts' code (packages/contracts/src), compiled for it to CommonJS
// by scripts/build-contracts.mjs, and keeps no copy of it. No Strapi here: seconds, not minutes.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildContracts } from '../scripts/build-contracts.mjs';
import { cmsDir } from './helpers.mjs';

const sourcesOf = (dir) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|js|mjs)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));

describe('the contracts in the content system', () => {
  // Compiled into a folder of its own: the shared one may be in use by a running Strapi.
  const out = mkdtempSync(path.join(tmpdir(), 'ciffc-cms-contracts-'));
  const load = createRequire(path.join(out, 'index.js'));
  let modules;
  before(() => {
    modules = buildContracts({ force: true, outDir: out });
  });
  after(() => rmSync(out, { recursive: true, force: true }));

  it('compiles the contract modules it imports to CommonJS that Node loads as such', () => {
    assert.ok(modules.length > 0);
    assert.deepEqual(JSON.parse(readFileSync(path.join(out, 'package.json'), 'utf8')), { type: 'commonjs' });
    const { secretProblems, SECRET_VARIABLES } = load('./secrets.js');
    // The contract's rule, through its own import of env-flags: demo mode is refused in production.
    assert.deepEqual(
      secretProblems({}, false),
      SECRET_VARIABLES.map((name) => `${name} is missing`),
    );
    const good = Object.fromEntries(SECRET_VARIABLES.map((name) => [name, 'q7Lp2xZ9vK4mR8tW1nB6cY3h']));
    assert.deepEqual(secretProblems(good, true), []);
    assert.match(secretProblems({ ...good, CIFFC_DEMO: 'yes' }, true).join(), /CIFFC_DEMO=yes is refused/);
    const { envFlag } = load('./env-flags.js');
    assert.throws(() => envFlag({ X: 'maybe' }, 'X'), /X="maybe" is not a flag/);
  });

  it('declares none of their constants, functions or types in its own code', () => {
    const names = new Set();
    for (const module of modules) {
      for (const name of Object.keys(load(`./${module}.js`))) names.add(name);
      const types = readFileSync(path.join(out, `${module}.d.ts`), 'utf8');
      for (const [, name] of types.matchAll(/export (?:type|interface) (\w+)/g)) names.add(name);
    }
    assert.ok(names.has('FEATURE_ALIASES') && names.has('AGENCY_CODES') && names.has('FlagEnv'));
    const own = [...sourcesOf(path.join(cmsDir, 'src')), ...sourcesOf(path.join(cmsDir, 'config'))];
    for (const file of own) {
      const text = readFileSync(file, 'utf8');
      for (const name of names) {
        const declared = new RegExp(
          `^\\s*(export\\s+)?(const|let|function|type|interface)\\s+${name}\\b`,
          'm',
        );
        assert.ok(!declared.test(text), `${path.relative(cmsDir, file)} declares ${name}: import it`);
      }
    }
  });
});
