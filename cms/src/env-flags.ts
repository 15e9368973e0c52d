/**
 * The contracts' one reading of the environment (packages/contracts/src/env-flags.ts), under the
 * path config/logger.ts imports; the content system's own code imports the contract directly.
 */
export * from '@ciffc/contracts/commonjs/env-flags';
