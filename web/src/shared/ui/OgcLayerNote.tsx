import { FormattedMessage } from 'react-intl';

/** The national fires page's pointer to the OGC API – Features layer, with how to add it in QGIS. */
export function OgcLayerNote() {
  const url = `${window.location.origin}/v1/ogc`;
  return (
    <p className="ogc-layer-note">
      <FormattedMessage id="firesImport.ogc.link" values={{ link: <a href={url}>{url}</a> }} />{' '}
      <FormattedMessage id="firesImport.ogc.qgis" values={{ url: <code>{url}</code> }} />
    </p>
  );
}
