import type { MessageId } from './messages.ts';

/**
 * react-intl's own `formatMessage({ id })`, `<FormattedMessage id>` and `defineMessages` take only
 * the ids of the site's catalogue (formatjs's "typing message ids"): a misspelled or removed id is
 * a type error at the call, not a raw id on the page. A catalogue's change re-checks the calls in
 * an incremental type-check; a change to this file does not (tsc 7 keeps the other files' results):
 * after editing it, delete .cache/tsc/web.tsbuildinfo.
 */
declare global {
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}
