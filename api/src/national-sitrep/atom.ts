import { type Locale, type PublicNationalSitrep, preparednessDescription } from '@ciffc/contracts';
import { escapeXml } from '../http/xml.ts';

/**
 * The Atom 1.0 documents (RFC 4287) of the published national reports and of the national
 * preparedness level changes (docs/decisions.md, "Atom feeds of the national reports"). Plain
 * strings: two small, fixed shapes need no XML library.
 */

export interface PublishedReport {
  report_date: string;
  preparedness_level: string;
  report: string;
  published_at: string;
}

const TEXT = {
  en: {
    sitrepsTitle: 'CIFFC: national situation reports',
    levelsTitle: 'CIFFC: national preparedness level changes',
    author: 'Canadian Interagency Forest Fire Centre',
    report: (date: string, level: string) =>
      `National situation report, ${date}: preparedness level ${level}`,
    change: (date: string, level: string, was: string | undefined) =>
      `National preparedness level ${level}${was ? ` (was ${was})` : ''} on ${date}`,
  },
  fr: {
    sitrepsTitle: 'CIFFC : rapports de situation nationaux',
    levelsTitle: 'CIFFC : changements du niveau de préparation national',
    author: 'Centre interservices des feux de forêt du Canada',
    report: (date: string, level: string) =>
      `Rapport de situation national, ${date} : niveau de préparation ${level}`,
    change: (date: string, level: string, was: string | undefined) =>
      `Niveau de préparation national ${level}${was ? ` (était ${was})` : ''} le ${date}`,
  },
} as const;

/** The page of a report on the site, in the feed's language (the site reads `?lang=`). */
const reportPage = (site: string, date: string, lang: Locale) =>
  `${site}/situation/${date}${lang === 'fr' ? '?lang=fr' : ''}`;

interface FeedEntry {
  id: string;
  title: string;
  updated: string;
  link: string;
  summary: string;
}

function feed(options: {
  lang: Locale;
  id: string;
  title: string;
  self: string;
  page: string;
  entries: FeedEntry[];
}): string {
  const t = TEXT[options.lang];
  // An empty feed's time is fixed, so its ETag and its text agree until the first report.
  const updated =
    options.entries
      .map((e) => e.updated)
      .sort()
      .at(-1) ?? '1970-01-01T00:00:00Z';
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${options.lang}">`,
    `  <id>${escapeXml(options.id)}</id>`,
    `  <title>${escapeXml(options.title)}</title>`,
    `  <updated>${updated}</updated>`,
    `  <author><name>${escapeXml(t.author)}</name></author>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(options.self)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(options.page)}"/>`,
  ];
  for (const e of options.entries) {
    lines.push(
      '  <entry>',
      `    <id>${escapeXml(e.id)}</id>`,
      `    <title>${escapeXml(e.title)}</title>`,
      `    <updated>${e.updated}</updated>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(e.link)}"/>`,
      `    <summary type="text">${escapeXml(e.summary)}</summary>`,
      '  </entry>',
    );
  }
  lines.push('</feed>', '');
  return lines.join('\n');
}

/** ISO time with a Z, whatever the database gave back. */
const isoTime = (value: string) => {
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? `${value.slice(0, 10)}T00:00:00Z` : time.toISOString();
};

/** The published national reports, newest first (`reports` come newest first). */
export function sitrepsFeed(reports: PublishedReport[], site: string, self: string, lang: Locale): string {
  const t = TEXT[lang];
  return feed({
    lang,
    id: `${site}/v1/sitrep/feed.atom?lang=${lang}`,
    title: t.sitrepsTitle,
    self,
    page: `${site}/situation/archive${lang === 'fr' ? '?lang=fr' : ''}`,
    entries: reports.map((row) => {
      const report = JSON.parse(row.report) as Partial<PublicNationalSitrep>;
      const summary =
        (lang === 'fr' ? report.field_fr_summary_comments : report.field_en_summary_comments) ?? '';
      return {
        // One entry per report date: a republished day updates its entry rather than adding one.
        id: `${site}/situation/${row.report_date}#${lang}`,
        title: t.report(row.report_date, row.preparedness_level),
        updated: isoTime(row.published_at),
        link: reportPage(site, row.report_date, lang),
        summary,
      };
    }),
  });
}

/**
 * The dates the national preparedness level changed (the first published report sets it), newest
 * first; `days` come oldest first, one per report date.
 */
export function preparednessFeed(
  days: { report_date: string; preparedness_level: string; published_at: string }[],
  site: string,
  self: string,
  lang: Locale,
  limit: number,
): string {
  const t = TEXT[lang];
  const changes: FeedEntry[] = [];
  let previous: string | undefined;
  for (const day of days) {
    if (day.preparedness_level !== previous) {
      changes.push({
        id: `${site}/situation/${day.report_date}#preparedness-level-${lang}`,
        title: t.change(day.report_date, day.preparedness_level, previous),
        updated: isoTime(day.published_at),
        link: reportPage(site, day.report_date, lang),
        summary: preparednessDescription(day.preparedness_level, lang),
      });
    }
    previous = day.preparedness_level;
  }
  return feed({
    lang,
    id: `${site}/v1/sitrep/preparedness-level.atom?lang=${lang}`,
    title: t.levelsTitle,
    self,
    page: `${site}/situation/archive${lang === 'fr' ? '?lang=fr' : ''}`,
    entries: changes.reverse().slice(0, limit),
  });
}
