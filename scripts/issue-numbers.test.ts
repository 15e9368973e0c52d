/**
 * No issue numbers in the repository's files: a reader outside the team cannot follow an issue's number.
 * Code, tests and docs cite the specification's section, the decision record or the glossary.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const root = path.join(import.meta.dirname, '..');
const ISSUE_NUMBER = /\b[Ii]ssues? #?\d+/;

it('no tracked file outside the specification cites an issue by its number', () => {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter(
      (file) =>
        file && !file.startsWith('docs/spec/') && !/\.(png|jpe?g|gif|ico|woff2?|gpkg|zip|pbf)$/.test(file),
    );
  const citing = files.flatMap((file) => {
    let text: string;
    try {
      text = readFileSync(path.join(root, file), 'utf8');
    } catch {
      return []; // deleted in the working tree, not yet committed
    }
    return text
      .split('\n')
      .flatMap((line, index) => (ISSUE_NUMBER.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : []));
  });
  expect(citing).toEqual([]);
});
