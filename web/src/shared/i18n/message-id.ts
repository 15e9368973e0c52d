import type { IntlShape, MessageDescriptor } from 'react-intl';

/**
 * An id of the site's catalogue: react-intl's registered ids (app/message-ids.d.ts), so shared
 * code names them without importing the app's catalogue.
 */
export type MessageId = NonNullable<MessageDescriptor['id']>;

/** What follows `prefix` in the catalogue's ids: `IdsUnder<'dashboard.stage.'>` is the stages it words. */
export type IdsUnder<P extends string> = MessageId extends infer K
  ? K extends `${P}${infer Rest}`
    ? Rest
    : never
  : never;

/**
 * An id built from data whose type cannot name the catalogue's ids (a code read from the wire, a
 * server's field name): the id when the catalogue holds it, undefined otherwise, so the caller
 * chooses what an unknown code shows instead of the raw id.
 */
export function catalogueId(intl: IntlShape, id: string): MessageId | undefined {
  return Object.hasOwn(intl.messages, id) ? (id as MessageId) : undefined;
}

/** A prefix under which the catalogue holds ids; any other string is a type error. */
export type IdPrefix<P extends string> = IdsUnder<P> extends never ? never : P;

/**
 * The words of a code read from the wire (a stage, a source, a column): the catalogue's
 * `prefix` + code, or the code itself when the catalogue has none (a code newer than the site).
 */
export function codeText<P extends string>(intl: IntlShape, prefix: IdPrefix<P>, code: string): string {
  const id = catalogueId(intl, `${prefix}${code}`);
  return id ? intl.formatMessage({ id }) : code;
}
