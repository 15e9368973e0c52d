import { type Locale, PRODUCT, type PublicNationalSitrep } from '@ciffc/contracts';
import { servedMessages as catalogue, type ServedMessageId } from '@ciffc/contracts/site';
import { isSitePath, legacyRedirectPatterns, patternRegex, reportDateOf } from '@ciffc/contracts/site-routes';
import { escapeHtml, firstSentence, reportSummary, servedReportHtml } from './served-report.ts';

/**
 * The head (and, for a report, the text) each page is served with, from the one route list and the
 * data (docs/decisions.md, "Served pages"). Rendered by the data API for the gateway and nginx
 * alike; the app takes over the page on its first commit.
 */

/** The site's card for link previews (web/public), and its size. */
const CARD_IMAGE = { path: '/og-card.png', width: 1200, height: 630 };

interface PageKind {
  pattern: string;
  title?: ServedMessageId;
  description?: ServedMessageId;
  /** The address search engines should keep for this page (default: the pattern itself). */
  canonical?: string;
  /** Shown to search engines and listed in the sitemap. */
  indexed: boolean;
  /** Draws the dashboard's map: served with the hints that start its downloads early. */
  map?: true;
  /**
   * The page's first lines, served in its <main> as the page draws them (its wrapper's class, its
   * h1 from `title`, its first paragraph), so they paint with the HTML rather than after the app's
   * code and the page's chunk (a phone's largest paint).
   */
  opening?: { className: string; intro?: ServedMessageId };
}

/** The public pages, in the sitemap's order; any other page of the site is served unindexed. */
const PUBLIC_PAGES: readonly PageKind[] = [
  {
    pattern: '/',
    title: 'dashboard.title',
    description: 'meta.description.dashboard',
    indexed: true,
    map: true,
  },
  {
    pattern: '/situation',
    title: 'situation.title',
    description: 'meta.description.situation',
    indexed: true,
  },
  {
    pattern: '/situation/archive',
    title: 'archive.title',
    description: 'meta.description.archive',
    indexed: true,
  },
  {
    pattern: '/summary',
    title: 'summary.title',
    description: 'meta.description.summary',
    indexed: true,
    opening: { className: 'fires-summary' },
  },
  {
    pattern: '/national',
    title: 'nationalFires.title',
    description: 'meta.description.national',
    indexed: true,
    opening: { className: 'national-fires' },
  },
  {
    pattern: '/statistics',
    title: 'statistics.title',
    description: 'meta.description.statistics',
    indexed: true,
    opening: { className: 'statistics', intro: 'statistics.intro' },
  },
  {
    pattern: '/data',
    title: 'openData.title',
    description: 'meta.description.data',
    indexed: true,
    opening: { className: 'open-data' },
  },
];

const OTHER_PAGES: readonly PageKind[] = [
  {
    pattern: '/dashboard',
    title: 'dashboard.title',
    description: 'meta.description.dashboard',
    canonical: '/',
    indexed: true,
    map: true,
  },
  // The embedded map is for other sites' frames: the dashboard is the page to find.
  {
    pattern: '/map',
    title: 'dashboard.title',
    description: 'meta.description.dashboard',
    indexed: false,
    map: true,
  },
  { pattern: '/login', title: 'login.title', indexed: false },
  { pattern: '/forgot-password', title: 'forgot.title', indexed: false },
  { pattern: '/reset-password', title: 'reset.title', indexed: false },
  { pattern: '/404', title: 'notFound.title', indexed: false },
];

const matches = (pattern: string, path: string) => new RegExp(patternRegex(pattern), 'i').test(path);

/** A legacy address is served as the page it leads to (the app redirects there). */
function targetOf(path: string): string {
  return legacyRedirectPatterns().find((r) => matches(r.from, path))?.to ?? path;
}

/** What a path needs of the data: the report of its date, the latest report, or nothing. */
export function reportWanted(path: string): { date: string } | 'latest' | undefined {
  const date = reportDateOf(path);
  if (date) return { date };
  return matches('/situation', path) ? 'latest' : undefined;
}

/** The alias of a public content page (`/page/{alias}`, the footer's pages among them), if the path is one. */
export function contentAlias(path: string): string | undefined {
  const alias = /^\/page\/([^/]+)\/?$/i.exec(path)?.[1];
  return alias ? decodeURIComponent(alias) : undefined;
}

/** A content page in the page's language, as the content system has it. */
export interface ContentHead {
  name: string;
  body: string;
}

/**
 * A page's status: 404 for an address of no page, /404 itself, a report date without a report, or
 * a content page the content system does not have (`found` false).
 */
export function pageStatus(path: string, found: boolean): 200 | 404 {
  if (!isSitePath(path) || matches('/404', path)) return 404;
  const asksData = typeof reportWanted(path) === 'object' || contentAlias(path) !== undefined;
  return asksData && !found ? 404 : 200;
}

/** The plain text of a content page's markdown, for a description: no link targets, marks or list bullets. */
function plainText(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s*(?:#+|[-*+]|\d+\.)\s+/gm, '')
    .replace(/[*_`>]/g, '');
}

export interface ServedPage {
  status: 200 | 404;
  lang: Locale;
  /** The document title, as the app sets it (`CIFFC - {page}`). */
  title: string;
  description: string;
  /** Path of the canonical address; its French address adds `?lang=fr`. */
  canonical: string;
  indexed: boolean;
  type: 'website' | 'article';
  /** Draws the dashboard's map (the shell's `data-map-preload` hints are kept). */
  showsMap: boolean;
  /** The pattern whose page chunks the shell hints (`data-page-preload`), when the page has its own. */
  pagePreload?: string;
  /** The inside of <main>, readable without JavaScript; the shell's own when absent. */
  main?: string;
  /** The link preview's image (a path on the site) and its text; the site's card when absent. */
  image?: PageImage;
}

interface PageImage {
  path: string;
  width: number;
  height: number;
  alt: string;
}

const format = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

/**
 * The page served at `path` in `lang`. `report` is what `reportWanted(path)` asked for (undefined
 * when there is none): a report date without one is a 404, like an address of no page. `content`
 * is a content page's text: null when the content system has no such page (404), undefined when it
 * could not be asked (the generic head: a content system down never fails the page).
 */
export function describePage(
  path: string,
  lang: Locale,
  report?: PublicNationalSitrep,
  content?: ContentHead | null,
): ServedPage {
  const t = (id: ServedMessageId) => catalogue[lang][id];
  const documentTitle = (title: string) => `${PRODUCT} - ${title}`;
  const wanted = reportWanted(path);
  const found = contentAlias(path) ? content !== null : report !== undefined;
  if (pageStatus(path, found) === 404) {
    return {
      status: 404,
      lang,
      title: documentTitle(t('notFound.title')),
      description: t('notFound.body'),
      canonical: '/404',
      indexed: false,
      type: 'website',
      showsMap: false,
    };
  }
  if (wanted && report) return reportPage(report, lang, typeof wanted === 'object' ? path : '/situation');
  const alias = contentAlias(path);
  if (alias && content) return contentPage(alias, content, lang);
  const target = targetOf(path);
  const kind = [...PUBLIC_PAGES, ...OTHER_PAGES].find((k) => matches(k.pattern, target));
  return {
    status: 200,
    lang,
    title: kind?.title ? documentTitle(t(kind.title)) : PRODUCT,
    description: t(kind?.description ?? 'meta.description.site'),
    canonical: kind?.canonical ?? kind?.pattern ?? target.replace(/\/$/, ''),
    indexed: kind?.indexed ?? false,
    type: 'website',
    showsMap: kind?.map === true,
    ...(kind ? { pagePreload: kind.pattern } : {}),
    ...(kind?.opening && kind.title ? { main: openingHtml(kind.opening, kind.title) } : {}),
  };
}

/**
 * A page's opening lines in both languages, as the app shell writes its texts (the one of
 * `<html lang>` shows: src/app/shell-language.js), in the boxes the page's React draws, so nothing
 * moves when the app takes over.
 */
function openingHtml(opening: NonNullable<PageKind['opening']>, title: ServedMessageId): string {
  const both = (id: ServedMessageId) =>
    `<span data-shell="en">${escapeHtml(catalogue.en[id])}</span><span data-shell="fr">${escapeHtml(catalogue.fr[id])}</span>`;
  const intro = opening.intro ? `<p>${both(opening.intro)}</p>` : '';
  return `<div class="${opening.className}"><div class="page-header page-header-served"><h1>${both(title)}</h1></div>${intro}</div>`;
}

function contentPage(alias: string, content: ContentHead, lang: Locale): ServedPage {
  return {
    status: 200,
    lang,
    title: content.name ? `${PRODUCT} - ${content.name}` : PRODUCT,
    description: firstSentence(plainText(content.body)) || (catalogue[lang]['meta.description.site'] ?? ''),
    canonical: `/page/${encodeURIComponent(alias)}`,
    indexed: true,
    type: 'website',
    showsMap: false,
  };
}

function reportPage(report: PublicNationalSitrep, lang: Locale, canonical: string): ServedPage {
  const t = catalogue[lang];
  const level = report.field_preparedness_level;
  const title =
    level === '0'
      ? format(t['meta.report.titleNoLevel'] ?? '', { date: report.field_date })
      : format(t['meta.report.title'] ?? '', { date: report.field_date, level });
  return {
    status: 200,
    lang,
    title: `${PRODUCT} - ${title}`,
    description: firstSentence(reportSummary(report, lang)) || (t['meta.description.situation'] ?? ''),
    canonical: canonical === '/situation' ? '/situation' : `/situation/${report.field_date}`,
    indexed: true,
    type: 'article',
    showsMap: false,
    pagePreload: '/situation',
    main: servedReportHtml(report, lang),
  };
}

/** The address of a page in a language: English is the bare path, French adds `?lang=fr` (the app reads it). */
const pageUrl = (site: string, path: string, lang: Locale) =>
  `${site}${path}${lang === 'fr' ? '?lang=fr' : ''}`;

const OG_LOCALE: Record<Locale, string> = { en: 'en_CA', fr: 'fr_CA' };

/** The head's tags of a served page: title, description, canonical, alternates, Open Graph, Twitter. */
function headTags(page: ServedPage, site: string): string {
  const other: Locale = page.lang === 'fr' ? 'en' : 'fr';
  const url = pageUrl(site, page.canonical, page.lang);
  const meta = (attribute: 'name' | 'property', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
  const siteName = catalogue[page.lang]['meta.siteName'] ?? PRODUCT;
  const card = page.image ?? { ...CARD_IMAGE, alt: siteName };
  const image = `${site}${card.path}`;
  return [
    `<title>${escapeHtml(page.title)}</title>`,
    meta('name', 'description', page.description),
    page.indexed ? '' : meta('name', 'robots', 'noindex'),
    page.status === 200 ? `<link rel="canonical" href="${escapeHtml(url)}" />` : '',
    ...(page.status === 200
      ? (['en', 'fr'] as const).map(
          (lang) =>
            `<link rel="alternate" hreflang="${lang}" href="${escapeHtml(pageUrl(site, page.canonical, lang))}" />`,
        )
      : []),
    page.status === 200
      ? `<link rel="alternate" hreflang="x-default" href="${escapeHtml(pageUrl(site, page.canonical, 'en'))}" />`
      : '',
    meta('property', 'og:type', page.type),
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:title', page.title),
    meta('property', 'og:description', page.description),
    meta('property', 'og:url', url),
    meta('property', 'og:locale', OG_LOCALE[page.lang]),
    meta('property', 'og:locale:alternate', OG_LOCALE[other]),
    meta('property', 'og:image', image),
    meta('property', 'og:image:width', String(card.width)),
    meta('property', 'og:image:height', String(card.height)),
    meta('property', 'og:image:alt', card.alt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', page.title),
    meta('name', 'twitter:description', page.description),
    meta('name', 'twitter:image', image),
    meta('name', 'twitter:image:alt', card.alt),
  ]
    .filter(Boolean)
    .join('\n    ');
}

/**
 * The built shell (web/dist/index.html) with this page's language, head and, for a report, its
 * text in place of the shell's <main>. The shell's own title and description are replaced.
 */
export function renderPage(shell: string, page: ServedPage, site: string): string {
  let html = shell
    .replace(/<html lang="[^"]*"/, `<html lang="${page.lang}"`)
    .replace(/\s*<title>[\s\S]*?<\/title>/, '')
    .replace(/\s*<meta name="description"[^>]*>/, '')
    .replace('</head>', `  ${headTags(page, site)}\n  </head>`);
  // The shell's feed links are relative; a link with hreflang is read with an absolute address
  // (search engines, Lighthouse's hreflang audit), so a served page gives the site's own.
  html = html.replace(
    /(<link rel="alternate" type="application\/atom\+xml"[^>]* href=")(\/[^"]*)"/g,
    (_, start: string, path: string) => `${start}${escapeHtml(site)}${path}"`,
  );
  // The map's downloads are for the pages that draw it; elsewhere they would cost a phone 550 KB.
  if (!page.showsMap) html = html.replace(/\s*<link [^>]*data-map-preload[^>]*>/g, '');
  // Each page's own chunks are hinted inert in the shell (web/vite.config.ts, `pagePreloads`): this
  // page's hints are made real, so its chunk comes with the entry; the other pages' are dropped.
  html = html.replace(/\s*<link [^>]*data-page-preload="([^"]*)"[^>]*>/g, (tag, pattern: string) =>
    pattern === page.pagePreload ? tag.replace(' data-href="', ' href="') : '',
  );
  if (page.main) {
    html = html.replace(
      /(<main id="main" class="site-main">)[\s\S]*?(<\/main>)/,
      (_, open: string, close: string) => `${open}${page.main}${close}`,
    );
  }
  return html;
}

/** The sitemap (sitemaps.org, with hreflang alternates): the public pages and every published report. */
export function sitemapXml(site: string, reports: readonly { date: string; publishedAt: string }[]): string {
  const entry = (path: string, lastmod?: string) =>
    (['en', 'fr'] as const)
      .map((lang) =>
        [
          '  <url>',
          `    <loc>${escapeHtml(pageUrl(site, path, lang))}</loc>`,
          lastmod ? `    <lastmod>${lastmod}</lastmod>` : '',
          ...(['en', 'fr'] as const).map(
            (alt) =>
              `    <xhtml:link rel="alternate" hreflang="${alt}" href="${escapeHtml(pageUrl(site, path, alt))}"/>`,
          ),
          '  </url>',
        ]
          .filter(Boolean)
          .join('\n'),
      )
      .join('\n');
  const lastmod = (time: string) => {
    const parsed = new Date(time);
    return Number.isNaN(parsed.getTime()) ? undefined : parsed.toISOString();
  };
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...PUBLIC_PAGES.map((p) => entry(p.pattern)),
    ...reports.map((r) => entry(`/situation/${r.date}`, lastmod(r.publishedAt))),
    '</urlset>',
    '',
  ].join('\n');
}
