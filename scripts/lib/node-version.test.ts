import { describe, expect, it } from 'vitest';
import { nodeRefusal } from './node-version.ts';

describe('the Node.js releases the project runs on', () => {
  it('runs on Node 20 from 20.19 and on Node 24 from 24.22, the two it is tested on', () => {
    for (const version of ['20.19.0', '20.20.2', '24.22.0', '24.22.3', '24.30.1'])
      expect(nodeRefusal(version), version).toBeUndefined();
  });

  it('refuses the Node 24 releases that abort the database driver, and the ones it is not tested on, naming the range', () => {
    for (const version of ['24.19.0', '24.21.0', '20.18.3', '22.12.0', '26.3.0'])
      expect(nodeRefusal(version), version).toBe(
        `Node.js ${version} cannot run this project: it runs on ^20.19.0 || ^24.22.0 ` +
          '(docs/configuration.md, "Another Node.js").',
      );
  });
});
