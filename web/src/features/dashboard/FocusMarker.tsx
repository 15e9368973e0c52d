import { type MapRef, Marker } from '@vis.gl/react-maplibre';
import { type RefObject, useEffect } from 'react';
import type { MapFocus } from './FiresMap.tsx';

/**
 * "Fires near me": the map moves to the box of the place's radius when the place changes, without
 * animation for a reader who asked for less motion.
 */
export function useFlyToFocus(mapRef: RefObject<MapRef | null>, focus: MapFocus | undefined) {
  useEffect(() => {
    const map = mapRef.current?.getMap();
    if (!map || !focus) return;
    const dLat = focus.radiusKm / 111;
    const dLon = focus.radiusKm / (111 * Math.max(Math.cos((focus.latitude * Math.PI) / 180), 0.05));
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    map.fitBounds(
      [
        [focus.longitude - dLon, focus.latitude - dLat],
        [focus.longitude + dLon, focus.latitude + dLat],
      ],
      { padding: 12, duration: still ? 0 : 800 },
    );
  }, [mapRef, focus]);
}

/** The place the map was moved to, a mark only: the page names it in text. */
export function FocusMarker({ focus }: { focus: MapFocus }) {
  return (
    <Marker longitude={focus.longitude} latitude={focus.latitude} anchor="center">
      <span className="near-me-marker" aria-hidden="true" title={focus.label} />
    </Marker>
  );
}
