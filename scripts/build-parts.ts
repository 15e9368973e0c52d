/** Builds the site and the content system when their sources are newer than the last build. */
import { ensureCmsBuilt, ensureWebBuilt } from './lib/stack.ts';

await ensureWebBuilt();
await ensureCmsBuilt();
