import type { MapRef } from '@vis.gl/react-maplibre';
import { type RefObject, useEffect, useMemo } from 'react';
import { useIntl } from 'react-intl';

/**
 * At most two device pixels per CSS pixel: a third is not seen on flat fills and dots (the place
 * names are HTML), but costs 2.25 times the pixels on every frame; without a GPU a phone's fires
 * came 0.25 s later (docs/decisions.md, "The public map").
 */
export const mapPixelRatio = () => Math.min(window.devicePixelRatio || 1, 2);

/** A browser zoom changes the device pixel ratio (and fires `resize`): the map follows, capped. */
export function useFollowPixelRatio(mapRef: RefObject<MapRef | null>) {
  useEffect(() => {
    const follow = () => {
      const map = mapRef.current?.getMap();
      if (map && map.getPixelRatio() !== mapPixelRatio()) map.setPixelRatio(mapPixelRatio());
    };
    window.addEventListener('resize', follow);
    return () => window.removeEventListener('resize', follow);
  }, [mapRef]);
}

/** MapLibre's own words (its controls, its region's name, the gesture hints) in the page's language. */
export function useMapLocale() {
  const intl = useIntl();
  return useMemo(
    () => ({
      'NavigationControl.ZoomIn': intl.formatMessage({ id: 'dashboard.map.zoomIn' }),
      'NavigationControl.ZoomOut': intl.formatMessage({ id: 'dashboard.map.zoomOut' }),
      'NavigationControl.ResetBearing': intl.formatMessage({ id: 'dashboard.map.resetBearing' }),
      'Map.Title': intl.formatMessage({ id: 'dashboard.map.label' }),
      'Popup.Close': intl.formatMessage({ id: 'dashboard.popup.close' }),
      'CooperativeGesturesHandler.WindowsHelpText': intl.formatMessage({ id: 'dashboard.map.gestureCtrl' }),
      'CooperativeGesturesHandler.MacHelpText': intl.formatMessage({ id: 'dashboard.map.gestureCmd' }),
      'CooperativeGesturesHandler.MobileHelpText': intl.formatMessage({ id: 'dashboard.map.gestureTouch' }),
    }),
    [intl],
  );
}
