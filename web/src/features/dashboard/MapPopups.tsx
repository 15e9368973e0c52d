import { Popup } from '@vis.gl/react-maplibre';
import { FireDetails } from './FireDetails.tsx';
import type { MapFireProperties } from './map-fires.ts';
import { PerimeterDetails } from './PerimeterDetails.tsx';
import type { PerimeterPopup } from './useMapPopups.ts';

/** The open popup, a child of the map: the focus stays where it was (`useMapPopups` moves it). */
export function MapPopups({
  selected,
  selectedPerimeter,
  onClose,
}: {
  selected: MapFireProperties | undefined;
  selectedPerimeter: PerimeterPopup | undefined;
  onClose: () => void;
}) {
  return (
    <>
      {selected ? (
        <Popup
          longitude={selected.longitude}
          latitude={selected.latitude}
          onClose={onClose}
          closeOnClick={false}
          focusAfterOpen={false}
          maxWidth="18rem"
        >
          <FireDetails fire={selected} />
        </Popup>
      ) : null}
      {selectedPerimeter ? (
        <Popup
          longitude={selectedPerimeter.longitude}
          latitude={selectedPerimeter.latitude}
          onClose={onClose}
          closeOnClick={false}
          focusAfterOpen={false}
          maxWidth="18rem"
        >
          <PerimeterDetails perimeter={selectedPerimeter.perimeter} />
        </Popup>
      ) : null}
    </>
  );
}
