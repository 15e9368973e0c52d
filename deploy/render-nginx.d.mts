export const DEPLOY_DIR: string;
export function parseEnvFile(text: string): Record<string, string>;
export function renderNginx(env: Record<string, string | undefined>): string;
