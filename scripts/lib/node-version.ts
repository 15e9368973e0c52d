/**
 * The Node.js releases the project runs on are package.json's `engines` (decision "Node 20 and
 * Node 24"). `npm start` and `npm test` say so at once on another release, instead of letting a
 * part die later: on Node 24.19-24.21 the content system aborts at start in its database driver.
 */
import { readFileSync } from 'node:fs';
import semver from 'semver';

const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  engines: { node: string };
};

/** Why `version` cannot run the project, or undefined when it can. */
export function nodeRefusal(version: string, range = manifest.engines.node): string | undefined {
  if (semver.satisfies(version, range)) return undefined;
  return (
    `Node.js ${version} cannot run this project: it runs on ${range} ` +
    `(docs/configuration.md, "Another Node.js").`
  );
}

/** Stops the process with the reason when this Node.js cannot run the project. */
export function exitUnlessSupportedNode(version = process.versions.node): void {
  const refusal = nodeRefusal(version);
  if (!refusal) return;
  console.error(refusal);
  process.exit(1);
}
