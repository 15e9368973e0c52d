import { useCallback, useState } from 'react';

type LocationState = 'idle' | 'finding' | 'denied' | 'unavailable' | 'unsupported';

/**
 * The browser's position, asked only when the reader presses the button (never on load): a
 * permission prompt nobody asked for is refused, and then stays refused.
 */
export function useMyLocation(onFound: (latitude: number, longitude: number) => void) {
  const [state, setState] = useState<LocationState>('idle');
  const locate = useCallback(() => {
    if (!('geolocation' in navigator)) {
      setState('unsupported');
      return;
    }
    setState('finding');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setState('idle');
        onFound(position.coords.latitude, position.coords.longitude);
      },
      // 1 is PERMISSION_DENIED; a timeout or no fix is "unavailable".
      (error) => setState(error.code === 1 ? 'denied' : 'unavailable'),
      // A town's precision is enough; a fix from the last 10 minutes will do.
      { enableHighAccuracy: false, maximumAge: 600_000, timeout: 15_000 },
    );
  }, [onFound]);
  return { state, locate };
}
