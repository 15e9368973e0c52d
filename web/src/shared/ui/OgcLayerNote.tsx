import { FormattedMessage } from 'react-intl';

/** The pointer to the fires' OGC API – Features layer (/v1/ogc), with how to add it in QGIS (national fires page). */
export function OgcLayerNote() {
  const url = `${window.location.origin}/v1/ogc`;
  return (
    <p className="ogc-layer-note">
      <FormattedMessage id="common.ogc.link" values={{ link: <a href={url}>{url}</a> }} />{' '}
      <FormattedMessage id="common.ogc.qgis" values={{ url: <code>{url}</code> }} />
    </p>
  );
}
