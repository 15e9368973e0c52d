export const DEPLOY_DIR: string;
export function parseEnvFile(text: string): Record<string, string>;
export function retryAfterSeconds(name: string, rate: string): number;
export function renderNginx(env: Record<string, string | undefined>): string;
export const QUERY_RULES_FILE: string;
export function queryRefusalLines(rules: readonly { path: string; params: readonly string[] }[]): string;
export const INTERMEDIATE_CIPHERS: string;
export function hasOcspResponder(file: string): boolean;
