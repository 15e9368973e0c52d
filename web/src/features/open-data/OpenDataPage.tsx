import {
  OGC_TILE_COLLECTIONS,
  OPEN_DATA_LICENCE,
  ogcTilesTemplate,
  WILDFIRES_DOWNLOAD_FORMATS,
  type WildfiresDownloadFormat,
} from '@ciffc/contracts';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { useFormat } from '../../shared/format/useFormat.ts';
import type { MessageId } from '../../shared/i18n/message-id.ts';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import './open-data.css';

const DOWNLOAD_LABELS: Record<WildfiresDownloadFormat, MessageId> = {
  csv: 'openData.downloads.csv',
  'csv-codes': 'openData.downloads.csvCodes',
  'csv-excel-fr': 'openData.downloads.csvExcelFr',
  geojson: 'openData.downloads.geojson',
  kml: 'openData.downloads.kml',
  gpkg: 'openData.downloads.gpkg',
};

/** The perimeters' downloads (GET /v1/perimeters/download), labelled as the list's same formats. */
const PERIMETER_FORMATS = ['geojson', 'kml', 'gpkg'] as const;

/** An instant to show in the "changed since" recipe: a reader puts the time of their last read. */
const SINCE = '2026-07-15T12:00:00Z';
const CHANGED_FILTER = `updated_at > TIMESTAMP('${SINCE}')`;

const FEEDS = [
  { path: '/v1/sitrep/feed.atom', labelId: 'openData.feeds.sitrep' },
  { path: '/v1/sitrep/preparedness-level.atom', labelId: 'openData.feeds.level' },
] as const;

/** An address to copy, shown whole (a GIS user pastes it), and followed as a link. */
function Address({ url }: { url: string }) {
  return (
    <a href={url}>
      <code>{url}</code>
    </a>
  );
}

function OgcSection({ ogcUrl, lang }: { ogcUrl: string; lang: 'en' | 'fr' }) {
  return (
    <section aria-labelledby="open-data-ogc">
      <h2 id="open-data-ogc">
        <FormattedMessage id="openData.ogc.title" />
      </h2>
      <p>
        <FormattedMessage id="openData.ogc.url" /> <Address url={ogcUrl} />
      </p>
      <h3>
        <FormattedMessage id="openData.ogc.qgis.title" />
      </h3>
      <ol>
        {([1, 2, 3] as const).map((n) => (
          <li key={n}>
            <FormattedMessage id={`openData.ogc.qgis.${n}`} />
          </li>
        ))}
      </ol>
      <h3>
        <FormattedMessage id="openData.ogc.arcgis.title" />
      </h3>
      <ul>
        {([1, 2] as const).map((n) => (
          <li key={n}>
            <FormattedMessage id={`openData.ogc.arcgis.${n}`} />
          </li>
        ))}
      </ul>
      <p>
        <FormattedMessage id="openData.ogc.gdal" />
      </p>
      <pre>
        <code>{`ogr2ogr -f GPKG fires.gpkg "OAPIF:${ogcUrl}" fires`}</code>
      </pre>
      <h3>
        <FormattedMessage id="openData.ogc.changed.title" />
      </h3>
      <p>
        <FormattedMessage id="openData.ogc.changed" />
      </p>
      <p>
        <Address
          url={`${ogcUrl}/collections/fires/items?datetime=../..&filter-lang=cql2-text&filter=${encodeURIComponent(CHANGED_FILTER)}`}
        />
      </p>
      <p>
        <FormattedMessage id="openData.ogc.changed.gdal" />
      </p>
      <pre>
        <code>{`ogr2ogr -f GPKG changed.gpkg "OAPIF:${ogcUrl}" fires -where "updated_at > '${SINCE}'"`}</code>
      </pre>
      <h3>
        <FormattedMessage id="openData.ogc.tiles.title" />
      </h3>
      <p>
        <FormattedMessage id="openData.ogc.tiles" />
      </p>
      <ul>
        {OGC_TILE_COLLECTIONS.map((collection) => (
          <li key={collection}>
            <code>{`${ogcUrl.replace(/\/v1\/ogc$/, '')}${ogcTilesTemplate(collection)}`}</code>
          </li>
        ))}
      </ul>
      <p>
        <FormattedMessage
          id="openData.ogc.browse"
          values={{ link: <Address url={`${ogcUrl}/collections/fires/queryables`} /> }}
        />
      </p>
      <p>
        <FormattedMessage
          id="openData.ogc.html"
          values={{ link: <Address url={`${ogcUrl}?f=html&lang=${lang}`} /> }}
        />
      </p>
    </section>
  );
}

function DownloadsSection({ origin, lang }: { origin: string; lang: 'en' | 'fr' }) {
  return (
    <section aria-labelledby="open-data-downloads">
      <h2 id="open-data-downloads">
        <FormattedMessage id="openData.downloads.title" />
      </h2>
      <p>
        <FormattedMessage
          id="openData.downloads.intro"
          values={{
            list: (
              <Link to="/national">
                <FormattedMessage id="openData.downloads.list" />
              </Link>
            ),
          }}
        />
      </p>
      <ul>
        {WILDFIRES_DOWNLOAD_FORMATS.map((format) => (
          <li key={format}>
            <FormattedMessage id={DOWNLOAD_LABELS[format]} />
            {': '}
            <Address url={`${origin}/v1/wildfires/download?format=${format}&lang=${lang}`} />
          </li>
        ))}
      </ul>
      <p>
        <FormattedMessage id="openData.downloads.params" />
      </p>
    </section>
  );
}

function PerimetersSection({ origin, lang }: { origin: string; lang: 'en' | 'fr' }) {
  return (
    <section aria-labelledby="open-data-perimeters">
      <h2 id="open-data-perimeters">
        <FormattedMessage id="openData.perimeters.title" />
      </h2>
      <p>
        <FormattedMessage id="openData.perimeters.intro" />
      </p>
      <ul>
        {PERIMETER_FORMATS.map((format) => (
          <li key={format}>
            <FormattedMessage id={DOWNLOAD_LABELS[format]} />
            {': '}
            <Address url={`${origin}/v1/perimeters/download?format=${format}&lang=${lang}`} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The data page (/data): every way into the open data (the OGC layer for GIS tools, the list's
 * downloads, the JSON API and its OpenAPI document, the Atom feeds) and the licence.
 */
export function OpenDataPage() {
  const lang = useFormat().locale;
  const origin = window.location.origin;
  const licence = OPEN_DATA_LICENCE[lang];
  return (
    <div className="open-data">
      <PageHeader titleId="openData.title" />
      <p>
        <FormattedMessage id="openData.intro" />
      </p>
      <OgcSection ogcUrl={`${origin}/v1/ogc`} lang={lang} />
      <DownloadsSection origin={origin} lang={lang} />
      <PerimetersSection origin={origin} lang={lang} />
      <section aria-labelledby="open-data-api">
        <h2 id="open-data-api">
          <FormattedMessage id="openData.api.title" />
        </h2>
        <p>
          <FormattedMessage
            id="openData.api.intro"
            values={{ link: <Address url={`${origin}/v1/openapi.json`} /> }}
          />
        </p>
      </section>
      <section aria-labelledby="open-data-feeds">
        <h2 id="open-data-feeds">
          <FormattedMessage id="openData.feeds.title" />
        </h2>
        <ul>
          {FEEDS.map((feed) => (
            <li key={feed.path}>
              <FormattedMessage id={feed.labelId} />
              {': '}
              <Address url={`${origin}${feed.path}?lang=${lang}`} />
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="open-data-licence">
        <h2 id="open-data-licence">
          <FormattedMessage id="openData.licence.title" />
        </h2>
        <p>
          <FormattedMessage
            id="openData.licence.text"
            values={{ licence: <a href={licence.url}>{licence.title}</a> }}
          />
        </p>
        <blockquote>{OPEN_DATA_LICENCE.attribution[lang]}</blockquote>
        <p>
          <FormattedMessage id="openData.licence.where" />
        </p>
      </section>
    </div>
  );
}
