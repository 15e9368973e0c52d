import { existsSync } from 'node:fs';
import type { Locale } from '@ciffc/contracts';
import {
  SIZE_CLASSES,
  STAGE_GROUPS,
  type StageGroup,
  servedMessages,
  sizeClassOf,
  stageGroupOf,
} from '@ciffc/contracts/site';
import { renderAsync } from '@resvg/resvg-js';
import { escapeXml } from '../../http/xml.ts';
import { canadaIn } from './canada.ts';

/**
 * The link preview of a national situation report (Open Graph's 1200×630): the map of that day's
 * active fires by stage of control, in the site map's colours, under the report's title and level.
 * Built as SVG and rasterised by resvg off the event loop (its render runs on libuv's threads).
 */

export const PREVIEW_SIZE = { width: 1200, height: 630 } as const;

interface PreviewFire {
  latitude: number;
  longitude: number;
  fire_size: number;
  stage_of_control: string;
  response_type: string | null;
}

interface PreviewInput {
  date: string;
  /** The national preparedness level; '0' (or none): the report set none. */
  level: string | null;
  lang: Locale;
  fires: readonly PreviewFire[];
}

const TEXT: Record<
  Locale,
  { title: string; level: string; fires: string; oneFire: string; alt: string; altLevel: string }
> = {
  en: {
    title: 'National situation report — {date}',
    level: 'Preparedness level {level}',
    fires: '{count} active fires',
    oneFire: '1 active fire',
    alt: "Map of Canada's active fires by stage of control on {date}",
    altLevel: '; national preparedness level {level}',
  },
  fr: {
    title: 'Rapport de situation national — {date}',
    level: 'Niveau de préparation {level}',
    fires: '{count} feux actifs',
    oneFire: '1 feu actif',
    alt: 'Carte des feux actifs au Canada par stade de contrôle le {date}',
    altLevel: ' ; niveau de préparation national {level}',
  },
};

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));

const hasLevel = (level: string | null): level is string => !!level && level !== '0';

/** The preview's alternative text (og:image:alt) in the page's language. */
export function previewAlt(date: string, level: string | null, lang: Locale): string {
  const t = TEXT[lang];
  return fill(t.alt, { date }) + (hasLevel(level) ? fill(t.altLevel, { level }) : '');
}

const MAP_FRAME = { x: 500, y: 128, width: 676, height: 486 };
/** The markers a little larger than on the screen's map: a preview is seen small. */
const MARKER_SCALE = 1.25;
/** Out of control drawn last, on top: it is what a reader looks for. */
const DRAW_ORDER: readonly StageGroup[] = ['UC', 'BH', 'MON_OC', 'OC'];
const colourOf = Object.fromEntries(STAGE_GROUPS.map((g) => [g.key, g.colour])) as Record<StageGroup, string>;

function previewSvg(input: PreviewInput): string {
  const { width, height } = PREVIEW_SIZE;
  const t = TEXT[input.lang];
  const messages = servedMessages[input.lang];
  const canada = canadaIn(MAP_FRAME);
  const grouped = new Map<StageGroup, PreviewFire[]>(DRAW_ORDER.map((g) => [g, []]));
  for (const fire of input.fires) {
    const group = stageGroupOf(fire.stage_of_control, fire.response_type ?? '');
    if (group) grouped.get(group)?.push(fire);
  }
  const diameter = (hectares: number) =>
    SIZE_CLASSES.find((c) => c.key === sizeClassOf(hectares))?.diameter ?? SIZE_CLASSES[0].diameter;
  const markers = DRAW_ORDER.flatMap((group) =>
    (grouped.get(group) ?? []).map((fire) => {
      const [x, y] = canada.project([fire.longitude, fire.latitude]);
      const r = (diameter(fire.fire_size) * MARKER_SCALE) / 2;
      return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${r}" fill="${colourOf[group]}"/>`;
    }),
  );
  const total = [...grouped.values()].reduce((sum, fires) => sum + fires.length, 0);
  const legend = STAGE_GROUPS.map((g, i) => {
    const y = 300 + i * 52;
    const label = messages[`dashboard.legend.group.${g.key}`] ?? g.key;
    return [
      `<circle cx="62" cy="${y - 7}" r="11" fill="${g.colour}" stroke="#1f2328" stroke-width="1.5"/>`,
      `<text x="86" y="${y}" font-size="20"><tspan font-weight="bold">${grouped.get(g.key)?.length ?? 0}</tspan> ${escapeXml(label)}</text>`,
    ].join('');
  });
  const text = (x: number, y: number, size: number, content: string, extra = '') =>
    `<text x="${x}" y="${y}" font-size="${size}"${extra}>${escapeXml(content)}</text>`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="DejaVu Sans, Liberation Sans, sans-serif">`,
    `<rect width="${width}" height="${height}" fill="#f7f7f5"/>`,
    `<clipPath id="map"><rect x="${MAP_FRAME.x}" y="${MAP_FRAME.y}" width="${MAP_FRAME.width}" height="${MAP_FRAME.height}" rx="8"/></clipPath>`,
    `<g clip-path="url(#map)">`,
    `<rect x="${MAP_FRAME.x}" y="${MAP_FRAME.y}" width="${MAP_FRAME.width}" height="${MAP_FRAME.height}" fill="#cfe3f0"/>`,
    `<path d="${canada.neighbours}" fill="#e6e4de"/>`,
    `<path d="${canada.provinces}" fill="#fbfaf6" stroke="#8c8c8c" stroke-width="0.8" stroke-linejoin="round"/>`,
    `<path d="${canada.lakes}" fill="#cfe3f0"/>`,
    `<g stroke="#1f2328" stroke-width="1">${markers.join('')}</g>`,
    '</g>',
    `<rect width="${width}" height="108" fill="#1b2a38"/>`,
    text(
      48,
      40,
      21,
      messages['shell.orgName'] ? `${messages['shell.orgName']} (CIFFC)` : 'CIFFC',
      ' fill="#c9d6e2"',
    ),
    text(48, 88, 38, fill(t.title, { date: input.date }), ' fill="#ffffff" font-weight="bold"'),
    `<g fill="#1f2328">`,
    hasLevel(input.level)
      ? text(48, 182, 32, fill(t.level, { level: input.level }), ' font-weight="bold"')
      : '',
    text(48, 234, 24, total === 1 ? t.oneFire : fill(t.fires, { count: total })),
    ...legend,
    '</g>',
    '</svg>',
  ].join('');
}

/**
 * The fonts the text is drawn with: DejaVu Sans (Debian's fonts-dejavu-core) or Liberation Sans,
 * where Debian puts them. None found: the system's fonts are searched (slower, once per render).
 */
const FONT_FILES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
].filter((file) => existsSync(file));

/** The font files the previews' text is drawn with; none: the system's fonts, if it has any. */
export const previewFonts = (): readonly string[] => FONT_FILES;

export async function renderPreview(input: PreviewInput): Promise<Buffer> {
  const rendered = await renderAsync(previewSvg(input), {
    font: {
      fontFiles: FONT_FILES,
      loadSystemFonts: FONT_FILES.length === 0,
      defaultFontFamily: FONT_FILES.length > 0 ? 'DejaVu Sans' : 'sans-serif',
    },
  });
  return rendered.asPng();
}
