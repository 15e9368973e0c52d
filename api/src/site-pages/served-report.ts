import { type Locale, type PublicNationalSitrep, preparednessDescription } from '@ciffc/contracts';
import { servedMessages as messages } from '@ciffc/contracts/site';

/**
 * The report as the server sends it in the page's HTML (docs/decisions.md, "Served pages"): its
 * heading, national summary and the agencies' levels and comments, readable without JavaScript
 * and by link previews. The app draws the whole report over it on its first commit
 * (web/src/features/situation/Report.tsx); the words are the screen's own, shared through
 * `@ciffc/contracts/site`.
 */

export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const format = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

/** The report's day in words, as the screen writes it (the date is a calendar day, not a time). */
function longReportDate(date: string, lang: Locale): string {
  return new Intl.DateTimeFormat(lang === 'fr' ? 'fr-CA' : 'en-CA', {
    dateStyle: 'full',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));
}

/** The summary of the page's language. */
export const reportSummary = (report: PublicNationalSitrep, lang: Locale) =>
  (lang === 'fr' ? report.field_fr_summary_comments : report.field_en_summary_comments).trim();

/** The first sentence of a text (a link preview's description), at most about 300 characters. */
export function firstSentence(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const end = /^.*?[.!?](?=\s|$)/.exec(flat)?.[0] ?? flat;
  return end.length > 300 ? `${end.slice(0, 297).trimEnd()}…` : end;
}

const section = (id: string, title: string, body: string) =>
  `<section class="situation-section" aria-labelledby="${id}"><h2 id="${id}">${escapeHtml(title)}</h2>${body}</section>`;

/** The report's text as HTML for the inside of the page's <main>. */
export function servedReportHtml(report: PublicNationalSitrep, lang: Locale): string {
  const t = messages[lang];
  const fr = lang === 'fr';
  const level = report.field_preparedness_level;
  const agencyName = (code: string) => {
    const a = report.agencies.find((x) => x.field_code === code);
    return a ? (fr ? a.field_name_fr : a.field_name_en) : code.toUpperCase();
  };
  // The agencies with an approved sitrep, in the report's agency order (as the screen lists them).
  const withSitrep = report.agencies.flatMap((a) => {
    const sitrep = report.agencies_sitereps[a.field_code]?.sitrep;
    return sitrep ? [[a.field_code, { sitrep }] as const] : [];
  });
  const paragraphs = reportSummary(report, lang)
    .split(/\n\s*\n/)
    .filter((p) => p.trim())
    .map((p) => `<p>${escapeHtml(p.trim())}</p>`)
    .join('');
  const summary = [
    `<p class="national-level">${escapeHtml(t['situation.nationalLevel'])} <span class="level-badge" data-level="${escapeHtml(level)}">${level === '0' ? '–' : escapeHtml(level)}</span></p>`,
    level !== '0'
      ? `<p class="level-description">${escapeHtml(preparednessDescription(level, lang))}</p>`
      : '',
    `<div class="summary-text">${paragraphs}</div>`,
    report.field_duty_officer
      ? `<p>${escapeHtml(t['situation.dutyOfficer'])} ${escapeHtml(report.field_duty_officer)}</p>`
      : '',
    withSitrep.length > 0
      ? `<dl class="ops-summaries">${withSitrep
          .map(
            ([code, e]) =>
              `<div><dt>${escapeHtml(agencyName(code))}</dt><dd>${escapeHtml(
                fr ? e.sitrep.field_fr_operations_summary : e.sitrep.field_en_operations_summary,
              )}</dd></div>`,
          )
          .join('')}</dl>`
      : '',
  ].join('');
  const levels = withSitrep
    .map(
      ([code, { sitrep: s }]) =>
        `<li>${escapeHtml(agencyName(code))}: ${s.field_preparedness ?? '–'}${
          (fr ? s.field_fr_preparedness_comment : s.field_en_preparedness_comment)
            ? ` (${escapeHtml((fr ? s.field_fr_preparedness_comment : s.field_en_preparedness_comment) ?? '')})`
            : ''
        }</li>`,
    )
    .join('');
  return [
    `<div class="situation"><article class="situation-report" lang="${lang}">`,
    `<header class="report-header"><h1>${escapeHtml(
      format(t['situation.heading'], { date: longReportDate(report.field_date, lang) }),
    )}</h1></header>`,
    section('sr-summary', t['situation.section.summary'], summary),
    levels ? section('sr-prep', t['situation.section.prepLevels'], `<ul>${levels}</ul>`) : '',
    '</article></div>',
  ].join('');
}
