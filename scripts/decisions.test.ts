/**
 * docs/decisions.md is one record per decision, each reachable from the index at its top, each
 * with its choice and status; and a dependency needs one line of justification there (the
 * "Dependencies" record names every package a part depends on in a code span).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');
const PARTS = ['package.json', 'api', 'web', 'gateway', 'packages/contracts', 'cms'];

function dependenciesOf(part: string): string[] {
  const manifest = JSON.parse(read(part.endsWith('.json') ? part : `${part}/package.json`)) as {
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };
  return Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
}

const DECISIONS = read('docs/decisions.md');
const records = DECISIONS.split(/\n(?=## )/).slice(1);

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_ -]/gu, '')
    .replaceAll(' ', '-');

describe('docs/decisions.md', () => {
  it('indexes every record at its top, and every index link leads to a record', () => {
    const anchors = records.map((record) => anchorOf(record.slice(3, record.indexOf('\n'))));
    const index = DECISIONS.slice(0, DECISIONS.indexOf('\n## '));
    const links = [...index.matchAll(/\]\(#([^)]+)\)/g)].map((m) => m[1]);
    expect(anchors.filter((anchor) => !links.includes(anchor))).toEqual([]);
    expect(links.filter((link) => !anchors.includes(link ?? ''))).toEqual([]);
  });

  it('gives every record its choice and its status', () => {
    const incomplete = records
      .filter((record) => !record.includes('**Status**') || !/\*\*(Choice|Root)\*\*/.test(record))
      .map((record) => record.slice(0, record.indexOf('\n')));
    expect(incomplete).toEqual([]);
  });

  it('names every dependency of every part, type packages and our own workspaces aside', () => {
    const record = DECISIONS.split('\n## Dependencies\n')[1] ?? '';
    const named = new Set([...record.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]));
    const unnamed = PARTS.flatMap((part) =>
      dependenciesOf(part)
        .filter((name) => !name.startsWith('@types/') && !name.startsWith('@ciffc/') && !named.has(name))
        .map((name) => `${part}: ${name}`),
    );
    expect(unnamed).toEqual([]);
  });
});
