import { type Locale, WILDFIRES_DOWNLOAD_FILES, type WildfiresDownloadFormat } from '@ciffc/contracts';
import { FormattedMessage, useIntl } from 'react-intl';
import type { WildfiresFilters } from './api.ts';

/** The downloads offered beside the spec's Export (CSV): a labelled CSV, then the GIS formats. */
const OFFERED = ['csv', 'geojson', 'kml', 'gpkg'] as const satisfies readonly WildfiresDownloadFormat[];

/** The data API's file of the list's current view (filters and order), in the page's language. */
function downloadUrl(format: WildfiresDownloadFormat, filters: WildfiresFilters, lang: Locale): string {
  const query = new URLSearchParams({ format });
  for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value);
  query.set('lang', lang);
  return `/v1/wildfires/download?${query}`;
}

/**
 * Links to the files of the current view. With no match there is no file worth taking: each stays in
 * the tab order as a button marked aria-disabled, described by the reason, and saying it when pressed.
 */
export function Downloads({
  filters,
  lang,
  emptyReasonId,
  onEmpty,
}: {
  filters: WildfiresFilters;
  lang: Locale;
  /** The id of the text saying no fire matches; absent while there are fires to download. */
  emptyReasonId: string | undefined;
  onEmpty: () => void;
}) {
  const intl = useIntl();
  return (
    <fieldset className="national-fires-downloads">
      <legend>
        <FormattedMessage id="nationalFires.download" />
      </legend>
      <ul>
        {OFFERED.map((format) => {
          const label = intl.formatMessage({ id: `nationalFires.download.${format}` });
          return (
            <li key={format}>
              {emptyReasonId ? (
                <button
                  type="button"
                  className="button"
                  aria-disabled="true"
                  aria-describedby={emptyReasonId}
                  onClick={onEmpty}
                >
                  {label}
                </button>
              ) : (
                <a
                  className="button"
                  href={downloadUrl(format, filters, lang)}
                  download={WILDFIRES_DOWNLOAD_FILES[format].file}
                >
                  {label}
                </a>
              )}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
