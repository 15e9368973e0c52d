import type { MapLayerMouseEvent, MapRef } from '@vis.gl/react-maplibre';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { DEFAULT_POPUP_CENTRE } from '../../shared/map/constants.ts';
import { perimeterKey } from './FiresInView.tsx';
import type { MapFireProperties, MapFires } from './map-fires.ts';
import { type MapPerimeterProperties, perimeterOfTile } from './map-perimeters.ts';
import { PERIMETER_FILL, renderedPerimeterPoint } from './PerimeterLayers.tsx';
import { popupKeyboard } from './popup-keyboard.ts';

/** A perimeter's popup, at the point it was opened from. */
export interface PerimeterPopup {
  perimeter: MapPerimeterProperties;
  longitude: number;
  latitude: number;
}

/**
 * The map's popups, a fire's or a perimeter's (one at a time), opened by a click on the map or
 * from the keyboard lists under it, with their keyboard route.
 */
export function useMapPopups(
  mapRef: RefObject<MapRef | null>,
  fires: MapFires,
  drawnPerimeters: Map<number, MapPerimeterProperties>,
) {
  const intl = useIntl();
  const [selected, setSelected] = useState<MapFireProperties>();
  const [selectedPerimeter, setSelectedPerimeter] = useState<PerimeterPopup>();
  // Where focus goes back to when a popup opened from the keyboard list closes.
  const trigger = useRef<HTMLElement>(null);

  const openFromList = (key: number, from: HTMLElement) => {
    const feature = fires.features[key - 1];
    if (!feature) return;
    trigger.current = from;
    setSelectedPerimeter(undefined);
    setSelected(feature.properties);
  };

  // The list's perimeter button: the popup of the fire's perimeter, at the fire's point.
  const openPerimeterFromList = (fire: MapFireProperties, from: HTMLElement) => {
    const key = perimeterKey(fire.field_agency_code, fire.field_agency_fire_id);
    const perimeter = [...drawnPerimeters.values()].find(
      (p) => perimeterKey(p.agency_code, p.agency_fire_id) === key,
    );
    if (!perimeter) return;
    trigger.current = from;
    setSelected(undefined);
    setSelectedPerimeter({ perimeter, longitude: fire.longitude, latitude: fire.latitude });
  };

  // The perimeters list's button: the popup at the middle of the box of the perimeter's drawn pieces.
  const openPerimeterOfList = (perimeter: MapPerimeterProperties, from: HTMLElement) => {
    const point = renderedPerimeterPoint(mapRef.current?.getMap(), perimeter.id);
    if (!point) return;
    trigger.current = from;
    setSelected(undefined);
    setSelectedPerimeter({ perimeter, ...point });
  };

  const closePopup = useCallback(() => {
    setSelected(undefined);
    setSelectedPerimeter(undefined);
    if (trigger.current?.isConnected) trigger.current.focus();
    trigger.current = null;
  }, []);

  // MapLibre would focus the popup's first link (the agency's site); its close button comes first,
  // as before the link was added, so Enter closes the popup, and Escape anywhere inside it does;
  // focus then returns to the list's button that opened it.
  useEffect(() => {
    const container = mapRef.current?.getContainer();
    if ((!selected && !selectedPerimeter) || !container) return;
    const closeLabel = intl.formatMessage({
      id: selectedPerimeter ? 'dashboard.perimeter.close' : 'dashboard.popup.close',
    });
    let undo: (() => void) | undefined;
    const frame = requestAnimationFrame(() => {
      undo = popupKeyboard(container, { closeLabel, onClose: closePopup });
    });
    return () => {
      cancelAnimationFrame(frame);
      undo?.();
    };
  }, [mapRef, selected, selectedPerimeter, intl, closePopup]);

  const onClick = (event: MapLayerMouseEvent) => {
    const feature = event.features?.[0];
    trigger.current = null;
    setSelectedPerimeter(undefined);
    if (!feature) {
      setSelected(undefined);
      return;
    }
    // The points are drawn above the perimeters, so a click on a point gets the fire.
    if (feature.layer.id === PERIMETER_FILL) {
      const perimeter = perimeterOfTile(feature.properties);
      setSelected(undefined);
      if (perimeter)
        setSelectedPerimeter({ perimeter, longitude: event.lngLat.lng, latitude: event.lngLat.lat });
      return;
    }
    // The rendered feature's properties are flattened copies; the fire itself is looked up by key.
    const fire = fires.features[(feature.properties?.key as number) - 1]?.properties;
    if (fire) {
      setSelected(fire);
      return;
    }
    const [longitude, latitude] =
      feature.geometry.type === 'Point'
        ? (feature.geometry.coordinates as [number, number])
        : [DEFAULT_POPUP_CENTRE.longitude, DEFAULT_POPUP_CENTRE.latitude];
    setSelected({ ...(feature.properties as MapFireProperties), longitude, latitude });
  };

  return {
    selected,
    selectedPerimeter,
    openFromList,
    openPerimeterFromList,
    openPerimeterOfList,
    closePopup,
    onClick,
  };
}
