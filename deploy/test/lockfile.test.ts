/**
 * `npm ci` leaves a clean clone clean (deploy/README.md, Upgrades): npm writes into a lockfile
 * every optional dependency of every package it lists, for every platform, so a lockfile that
 * leaves one out is rewritten by each install (the content system's install, scripts/install-cms.mjs,
 * once added 447 lines to cms/package-lock.json this way, and `git merge` then refused to run).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../scripts/lib/stack.ts';

interface Lockfile {
  packages: Record<string, { optionalDependencies?: Record<string, string>; peer?: boolean }>;
}

/** The lockfile key npm would resolve `name` to from the package at `from`, as Node looks up. */
function resolves(lock: Lockfile, from: string, name: string): boolean {
  let base = from;
  for (;;) {
    if (`${base ? `${base}/` : ''}node_modules/${name}` in lock.packages) return true;
    if (!base) return false;
    const parent = base.lastIndexOf('/node_modules/');
    base = parent < 0 ? '' : base.slice(0, parent);
  }
}

/** Each optional dependency a lockfile names but does not list itself: `package -> dependency`. */
function missingOptionals(file: string): string[] {
  const lock = JSON.parse(readFileSync(path.join(repoRoot, file), 'utf8')) as Lockfile;
  return Object.entries(lock.packages).flatMap(([key, entry]) =>
    Object.keys(entry.optionalDependencies ?? {})
      .filter((name) => !resolves(lock, key, name))
      .map((name) => `${key || '(root)'} -> ${name}`),
  );
}

describe('lockfiles as npm writes them', () => {
  it.each(['package-lock.json', 'cms/package-lock.json'])(
    '%s lists every optional dependency of every platform, so an install does not rewrite it',
    (file) => {
      expect(missingOptionals(file)).toEqual([]);
    },
  );
});
