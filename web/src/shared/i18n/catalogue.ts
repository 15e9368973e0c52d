/** A message catalogue: English and French with exactly the same ids. */
export interface Catalogue {
  en: Record<string, string>;
  fr: Record<string, string>;
}

/**
 * Declares one folder's messages. The type makes a French id that is missing, or one that English
 * lacks, a compile error; `app/messages.test.ts` checks the merged catalogue at run time too.
 * Ids are `<folder>.<thing>`, e.g. `statistics.title`, `shell.header.login`.
 */
export function defineCatalogue<E extends Record<string, string>>(catalogue: {
  en: E;
  fr: { [K in keyof E]: string };
}): { en: E; fr: { [K in keyof E]: string } } {
  return catalogue;
}

/** Merges folders' catalogues; a duplicated id is a programming error. */
export function mergeCatalogues(...catalogues: Catalogue[]): Catalogue {
  const merged: Catalogue = { en: {}, fr: {} };
  for (const c of catalogues) {
    for (const lang of ['en', 'fr'] as const) {
      for (const [id, text] of Object.entries(c[lang])) {
        if (id in merged[lang]) throw new Error(`Duplicate message id: ${id}`);
        merged[lang][id] = text;
      }
    }
  }
  return merged;
}
