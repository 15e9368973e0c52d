/** `npm run reset`: wipes the demo data (data/, or DATA_DIR) so the next start seeds afresh. */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './lib/stack.ts';

const dataDir = process.env.DATA_DIR ?? join(repoRoot, 'data');
rmSync(dataDir, { recursive: true, force: true });
console.log(`Removed ${dataDir}; the next npm start makes new demo data.`);
