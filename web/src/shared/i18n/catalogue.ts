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

/** The ids of any of the catalogues given (each folder's `defineCatalogue` keeps its literal ids). */
export type IdsOf<C extends readonly Catalogue[]> = C[number] extends infer One
  ? One extends { en: infer E }
    ? keyof E & string
    : never
  : never;

/**
 * Merges folders' catalogues; a duplicated id is a programming error. The result keeps every id in
 * its type, so the site's message ids can be checked against it (app/messages.ts).
 */
export function mergeCatalogues<const C extends readonly Catalogue[]>(
  ...catalogues: C
): { en: Record<IdsOf<C>, string>; fr: Record<IdsOf<C>, string> } {
  const merged: Catalogue = { en: {}, fr: {} };
  for (const c of catalogues) {
    for (const lang of ['en', 'fr'] as const) {
      for (const [id, text] of Object.entries(c[lang])) {
        if (id in merged[lang]) throw new Error(`Duplicate message id: ${id}`);
        merged[lang][id] = text;
      }
    }
  }
  return merged as { en: Record<IdsOf<C>, string>; fr: Record<IdsOf<C>, string> };
}
