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
 *
 * The ids are counted, not checked one by one: the site's catalogue is merged as its first module
 * loads, and checking each of its 2,000 ids as it was copied was 16 ms of a phone's (4x slower CPU)
 * first task on every page. Only when the counts differ are the ids looked at, to name the duplicate.
 */
export function mergeCatalogues<const C extends readonly Catalogue[]>(
  ...catalogues: C
): { en: Record<IdsOf<C>, string>; fr: Record<IdsOf<C>, string> } {
  const merged: Catalogue = {
    en: Object.assign({}, ...catalogues.map((c) => c.en)),
    fr: Object.assign({}, ...catalogues.map((c) => c.fr)),
  };
  for (const lang of ['en', 'fr'] as const) {
    const ids = catalogues.flatMap((c) => Object.keys(c[lang]));
    if (ids.length !== Object.keys(merged[lang]).length)
      throw new Error(`Duplicate message id: ${ids.find((id, i) => ids.indexOf(id) !== i)}`);
  }
  return merged as { en: Record<IdsOf<C>, string>; fr: Record<IdsOf<C>, string> };
}
