export interface LegacyRedirect {
  from: string;
  to: string;
}
export const SITE_ROUTES: readonly string[];
export const EMBEDDABLE_ROUTES: readonly string[];
export const LEGACY_REDIRECTS: readonly LegacyRedirect[];
export const LANGUAGE_PREFIXES: readonly string[];
export function legacyRedirectPatterns(): LegacyRedirect[];
export function knownPatterns(): string[];
export function patternRegex(pattern: string): string;
export function isSitePath(pathname: string): boolean;
export function isEmbeddablePath(pathname: string): boolean;
export function reportDateOf(pathname: string): string | undefined;
