import { SERVER_MESSAGES, type ServerMessageCode } from '@ciffc/contracts';

/**
 * The data API's codes (the one catalogue of @ciffc/contracts) as react-intl messages: a refusal
 * or a field error is rendered with `intl.formatMessage({ id: code }, params)`, no text matching.
 */
export const serverMessages = {
  en: Object.fromEntries(Object.entries(SERVER_MESSAGES).map(([code, texts]) => [code, texts.en])),
  fr: Object.fromEntries(Object.entries(SERVER_MESSAGES).map(([code, texts]) => [code, texts.fr])),
} as { en: Record<ServerMessageCode, string>; fr: Record<ServerMessageCode, string> };
