import { inflateSync } from 'node:zlib';

/**
 * The text of each page of a PDF that Chromium printed (Skia's writer: plain objects, Flate
 * streams, Type0 fonts with a ToUnicode map), whitespace removed. Enough to tell which page a
 * heading landed on; not a general PDF reader.
 */
export function pdfPageTexts(pdf: Buffer): string[] {
  const text = pdf.toString('latin1');
  const objects = new Map<string, { dict: string; stream?: Buffer }>();
  const objectRe = /(\d+) 0 obj\s*([\s\S]*?)endobj/g;
  for (let m = objectRe.exec(text); m; m = objectRe.exec(text)) {
    const body = m[2] ?? '';
    const at = body.indexOf('stream');
    if (at < 0) {
      objects.set(m[1] ?? '', { dict: body });
      continue;
    }
    const dict = body.slice(0, at);
    const start =
      (m.index ?? 0) + m[0].indexOf(body) + at + 'stream'.length + (body[at + 6] === '\r' ? 2 : 1);
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1]);
    const raw = pdf.subarray(start, start + length);
    objects.set(m[1] ?? '', { dict, stream: dict.includes('/FlateDecode') ? inflateSync(raw) : raw });
  }
  const ref = (dict: string, key: string) => new RegExp(`/${key} (\\d+) 0 R`).exec(dict)?.[1];
  const pagesRoot = [...objects.values()].find((o) => /\/Type \/Pages\b/.test(o.dict));
  const kids = [...(/\/Kids \[([^\]]*)\]/.exec(pagesRoot?.dict ?? '')?.[1] ?? '').matchAll(/(\d+) 0 R/g)].map(
    (k) => k[1] ?? '',
  );
  const cmaps = new Map<string, Map<number, string>>();
  const cmapOf = (fontId: string) => {
    let map = cmaps.get(fontId);
    if (map) return map;
    map = new Map();
    const stream = objects
      .get(ref(objects.get(fontId)?.dict ?? '', 'ToUnicode') ?? '')
      ?.stream?.toString('latin1');
    const hex = (h: string) => Number.parseInt(h, 16);
    const unicode = (h: string) => String.fromCharCode(...(h.match(/.{4}/g) ?? []).map(hex));
    for (const block of stream?.matchAll(/beginbfchar([\s\S]*?)endbfchar/g) ?? [])
      for (const [, code = '', to = ''] of (block[1] ?? '').matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g))
        map.set(hex(code), unicode(to));
    for (const block of stream?.matchAll(/beginbfrange([\s\S]*?)endbfrange/g) ?? [])
      for (const [, lo = '', hi = '', to = ''] of (block[1] ?? '').matchAll(
        /<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g,
      ))
        for (let code = hex(lo); code <= hex(hi); code++)
          map.set(code, String.fromCharCode(hex(to) + code - hex(lo)));
    cmaps.set(fontId, map);
    return map;
  };
  return kids.map((pageId) => {
    const page = objects.get(pageId)?.dict ?? '';
    const fonts = new Map(
      [...(/\/Font <<([^>]*)>>/.exec(page)?.[1] ?? '').matchAll(/\/(\w+) (\d+) 0 R/g)].map((f) => [
        f[1],
        f[2] ?? '',
      ]),
    );
    const content = objects.get(ref(page, 'Contents') ?? '')?.stream?.toString('latin1') ?? '';
    let font = new Map<number, string>();
    let out = '';
    for (const token of content.matchAll(/\/(\w+) [\d.]+ Tf|<([0-9A-Fa-f]*)>/g)) {
      if (token[1]) font = cmapOf(fonts.get(token[1]) ?? '');
      else
        for (const code of token[2]?.match(/.{4}/g) ?? []) out += font.get(Number.parseInt(code, 16)) ?? '';
    }
    // NFKC: Chromium draws ligatures (ﬁ) as one glyph.
    return out.normalize('NFKC').replace(/\s+/g, '');
  });
}
