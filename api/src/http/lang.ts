import type { Locale } from '@ciffc/contracts';
import type { FastifyRequest } from 'fastify';

/**
 * The response language: the `lang` query parameter when it is en or fr, else the first of
 * Accept-Language that is en or fr, else English (the specification's default and fallback).
 */
export function requestLang(request: FastifyRequest): Locale {
  const query = request.query as { lang?: unknown } | undefined;
  if (query?.lang === 'fr' || query?.lang === 'en') return query.lang;
  const header = request.headers['accept-language'];
  if (typeof header === 'string') {
    const ranked = header
      .split(',')
      .map((part, index) => {
        const [tag = '', ...params] = part.trim().split(';');
        const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
        return { lang: tag.trim().toLowerCase().slice(0, 2), q: q ? Number(q.slice(2)) : 1, index };
      })
      .filter((r) => (r.lang === 'en' || r.lang === 'fr') && r.q > 0)
      .sort((a, b) => b.q - a.q || a.index - b.index);
    if (ranked[0]) return ranked[0].lang as Locale;
  }
  return 'en';
}
