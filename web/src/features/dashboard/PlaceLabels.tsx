import { Marker } from '@vis.gl/react-maplibre';
import { useMemo } from 'react';
import { useLocale } from '../../shared/i18n/LocaleProvider.tsx';
import { placesAt } from '../../shared/map/places.ts';

/**
 * The names of places, HTML over the map in the page's language; which places depends on the
 * zoom (places.ts): none until the map has fitted Canada and said its zoom.
 */
export function PlaceLabels({ zoom }: { zoom: number | undefined }) {
  const { locale: language } = useLocale();
  const places = useMemo(() => (zoom === undefined ? [] : placesAt(zoom, language)), [zoom, language]);
  return places.map((p) => (
    <Marker
      key={p.name}
      longitude={p.longitude}
      latitude={p.latitude}
      anchor="left"
      offset={[-3, 0]}
      className="place-label-marker"
    >
      <span className={`place-label place-${p.kind}`}>{p.name}</span>
    </Marker>
  ));
}
