import type { ResourceIndex } from '@ciffc/contracts';

/** A resource's item name in the page's language, from its short code (the code itself when unknown). */
export function resourceName(short: string, index: ResourceIndex | undefined, locale: string): string {
  const item = index?.byShort.get(short);
  if (!item) return short;
  return locale === 'fr' ? item.field_item_fr : item.field_item_en;
}
