import { useIntl } from 'react-intl';
import type { messages } from './messages.ts';

/** An id of the agency sitrep's catalogue without its `agencySitrep.` prefix: a typo is a type error. */
export type SitrepMessageId = keyof typeof messages.en extends infer K
  ? K extends `agencySitrep.${infer Id}`
    ? Id
    : never
  : never;

/** What follows `prefix` in the agency sitrep's ids: `SitrepIdsUnder<'section.'>` is every section the form titles. */
export type SitrepIdsUnder<P extends string> = SitrepMessageId extends infer K
  ? K extends `${P}${infer Rest}`
    ? Rest
    : never
  : never;

/** The agency sitrep's strings: `t('field.a_ltg')` reads `agencySitrep.field.a_ltg`. */
export function useT() {
  const intl = useIntl();
  return (id: SitrepMessageId, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `agencySitrep.${id}` }, values);
}
