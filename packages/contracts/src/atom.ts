/** The Atom feeds' wire shapes: the national reports, the preparedness level, the fires near a place. */
import { z } from 'zod';
import { LangQuery } from './query.ts';

export const AtomFeedQuery = z.object({
  lang: LangQuery.optional().describe('Language of the feed: en (default) or fr'),
});
export const AtomDocument = z.string().describe('An Atom 1.0 document (application/atom+xml)');
