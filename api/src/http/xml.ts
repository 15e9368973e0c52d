/**
 * Text and attribute values in the XML the API writes (Atom feeds, KML, the preview's SVG): the five
 * markup characters escaped, and the characters XML 1.0 does not allow (controls pasted from a word
 * processor into a fire's name) dropped, since one of them makes the whole document unreadable.
 */
const XML_ESCAPES: Record<string, string> = {
  '<': '&lt;',
  '>': '&gt;',
  '&': '&amp;',
  "'": '&apos;',
  '"': '&quot;',
};

export const escapeXml = (text: string): string =>
  text
    .replace(/[<>&'"]/g, (c) => XML_ESCAPES[c] ?? c)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters XML 1.0 does not allow
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '');
