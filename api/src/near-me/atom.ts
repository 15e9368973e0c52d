import {
  type CompassPoint,
  formatDecimal,
  formatInteger,
  type Locale,
  type NearOrigin,
} from '@ciffc/contracts';
import { escapeXml } from '../http/xml.ts';
import type { MeasuredFire } from './service.ts';

/**
 * The Atom 1.0 document (RFC 4287) of the fires within a radius of a place: one entry per fire of
 * the season, its `updated` the last time its values changed, so a feed reader shows a new fire as
 * new and a changed one (stage, size) as updated. Plain strings, as the national reports' feeds
 * (docs/decisions.md, "Atom feeds of the national reports").
 */

const DIRECTIONS: Record<Locale, Record<CompassPoint, string>> = {
  en: { N: 'N', NE: 'NE', E: 'E', SE: 'SE', S: 'S', SW: 'SW', W: 'W', NW: 'NW' },
  fr: { N: 'N', NE: 'NE', E: 'E', SE: 'SE', S: 'S', SW: 'SO', W: 'O', NW: 'NO' },
};

const TEXT = {
  en: {
    title: (area: string, km: string) => `CIFFC: wildfires within ${km} km of ${area}`,
    author: 'Canadian Interagency Forest Fire Centre',
    entry: (f: MeasuredFire, km: string, dir: string, size: string) =>
      `${f.agency_name} fire ${f.field_agency_fire_id}: ${f.stage_name}, ${size} ha, ${km} km ${dir}`,
    summary: (f: MeasuredFire, area: string, perimeter: string | null) =>
      `Stage of control: ${f.stage_name}. Reported ${f.field_situation_report_date}, status as of ${f.field_status_date}.` +
      `${perimeter ? ` Mapped perimeter: ${perimeter} ha.` : ''} Distance measured from ${area}. Details: ${f.agency_fire_page}`,
  },
  fr: {
    title: (area: string, km: string) => `CIFFC : feux de forêt à moins de ${km} km de ${area}`,
    author: 'Centre interservices des feux de forêt du Canada',
    entry: (f: MeasuredFire, km: string, dir: string, size: string) =>
      `Feu ${f.field_agency_fire_id} (${f.agency_name}) : ${f.stage_name}, ${size} ha, ${km} km ${dir}`,
    summary: (f: MeasuredFire, area: string, perimeter: string | null) =>
      `Stade de contrôle : ${f.stage_name}. Signalé le ${f.field_situation_report_date}, état au ${f.field_status_date}.` +
      `${perimeter ? ` Périmètre cartographié : ${perimeter} ha.` : ''} Distance mesurée depuis ${area}. Détails : ${f.agency_fire_page}`,
  },
} as const;

/** The place's name with its province, or the point's coordinates. */
function areaName(origin: NearOrigin, lang: Locale): string {
  if (origin.place) return `${origin.place.name} (${origin.place.province_name})`;
  const coordinate = (v: number) =>
    new Intl.NumberFormat(lang === 'fr' ? 'fr-CA' : 'en-CA', { maximumFractionDigits: 4 }).format(v);
  return `${coordinate(origin.latitude)}, ${coordinate(origin.longitude)}`;
}

/** ISO time with a Z, whatever the database gave back. */
const isoTime = (value: string) => {
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? `${value.slice(0, 10)}T00:00:00Z` : time.toISOString();
};

export function nearFeed(options: {
  lang: Locale;
  origin: NearOrigin;
  radiusKm: number;
  fires: readonly MeasuredFire[];
  /** The feed's own address (its id and `self`) and the site's page of the same view. */
  self: string;
  page: string;
}): string {
  const { lang, origin } = options;
  const t = TEXT[lang];
  const area = areaName(origin, lang);
  const km = formatInteger(options.radiusKm, lang);
  // An empty feed's time is fixed, so its ETag and its text agree until the first fire.
  const updated =
    options.fires
      .map((f) => isoTime(f.updated_at))
      .sort()
      .at(-1) ?? '1970-01-01T00:00:00.000Z';
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${lang}">`,
    `  <id>${escapeXml(options.self)}</id>`,
    `  <title>${escapeXml(t.title(area, km))}</title>`,
    `  <updated>${updated}</updated>`,
    `  <author><name>${escapeXml(t.author)}</name></author>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(options.self)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(options.page)}"/>`,
  ];
  for (const f of options.fires) {
    const size = formatDecimal(f.field_fire_size, lang);
    const perimeter = f.perimeter_area_ha === null ? null : formatDecimal(f.perimeter_area_ha, lang);
    lines.push(
      '  <entry>',
      // One entry per fire and season: a changed fire updates its entry rather than adding one.
      `    <id>urn:ciffc:fire:${escapeXml(encodeURIComponent(f.field_agency_code))}:${escapeXml(encodeURIComponent(f.field_agency_fire_id))}:${f.field_situation_report_date.slice(0, 4)}</id>`,
      `    <title>${escapeXml(t.entry(f, formatDecimal(f.distance_km, lang), DIRECTIONS[lang][f.direction], size))}</title>`,
      `    <updated>${isoTime(f.updated_at)}</updated>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(f.agency_fire_page)}"/>`,
      `    <summary type="text">${escapeXml(t.summary(f, area, perimeter))}</summary>`,
      '  </entry>',
    );
  }
  lines.push('</feed>', '');
  return lines.join('\n');
}
