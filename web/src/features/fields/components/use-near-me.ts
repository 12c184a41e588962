import { FIELD_TEXTS } from '@contract/fields';
import { toast } from '@web/lib/toast';
import { useState } from 'react';

/**
 * "Near me" (as the Store Locator does it): asks for the browser's location only when pressed;
 * pressing again forgets it. Answers `lat,lng` for `?near=`, rounded to about 100 m.
 */
export function useNearMe() {
  const [near, setNear] = useState<string | undefined>(undefined);
  const [locating, setLocating] = useState(false);
  const toggle = () => {
    if (near) {
      setNear(undefined);
      return;
    }
    if (!('geolocation' in navigator)) {
      toast({ variant: 'destructive', title: FIELD_TEXTS.locationFailed });
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        setNear(`${position.coords.latitude.toFixed(3)},${position.coords.longitude.toFixed(3)}`);
      },
      (error) => {
        setLocating(false);
        toast({
          variant: 'destructive',
          title: FIELD_TEXTS.locationFailed,
          description: error.message || undefined,
        });
      },
      { maximumAge: 10 * 60 * 1000, timeout: 15_000 },
    );
  };
  return { near, locating, toggle };
}
