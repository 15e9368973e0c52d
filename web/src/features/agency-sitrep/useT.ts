import { useIntl } from 'react-intl';
import type { messages } from './messages.ts';

/** An id of the agency sitrep's catalogue without its `agencySitrep.` prefix: a typo is a type error. */
export type SitrepMessageId = keyof typeof messages.en extends infer K
  ? K extends `agencySitrep.${infer Id}`
    ? Id
    : never
  : never;

/**
 * An id built from data (a section's id, a registry field's label, a scale's step): checked by its
 * family here and, id by id, by the tests that walk the sections and the field registry against
 * the catalogue (field-registry.test.ts, app/messages.test.ts).
 */
type SitrepDataId = `${'section' | 'field' | 'scale'}.${string}`;

/** The agency sitrep's strings: `t('field.a_ltg')` reads `agencySitrep.field.a_ltg`. */
export function useT() {
  const intl = useIntl();
  return (id: SitrepMessageId | SitrepDataId, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `agencySitrep.${id}` }, values);
}
