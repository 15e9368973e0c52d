import { SERVER_MESSAGES } from '@ciffc/contracts';
import type { Catalogue } from './catalogue.ts';

/**
 * The data API's codes (the one catalogue of @ciffc/contracts) as react-intl messages: a refusal
 * or a field error is rendered with `intl.formatMessage({ id: code }, params)`, no text matching.
 */
export const serverMessages: Catalogue = {
  en: Object.fromEntries(Object.entries(SERVER_MESSAGES).map(([code, texts]) => [code, texts.en])),
  fr: Object.fromEntries(Object.entries(SERVER_MESSAGES).map(([code, texts]) => [code, texts.fr])),
};
