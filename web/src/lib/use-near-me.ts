import { useState } from 'react';
import { toast } from './toast';

export interface NearMeOptions {
  /** The title of the toast when no location comes (refused, timed out, or no geolocation). */
  failedTitle: string;
  /** The toast's text when the browser has no geolocation at all (none by default). */
  unsupportedText?: string;
}

/** How long a position the browser already holds stays good enough, and how long to wait for one. */
export const NEAR_ME_POSITION_OPTIONS: PositionOptions = { maximumAge: 10 * 60 * 1000, timeout: 15_000 };

/**
 * "Near me" (the store locator, the events section and the fields directory): asks for the
 * browser's location only when pressed; pressing again forgets it. `near` is `lat,lng` for
 * `?near=`, rounded to 3 decimals (about 100 m: nothing finer is needed); `locating` is true while
 * the browser looks. A refusal or a browser without geolocation toasts `failedTitle` (with the
 * browser's message, or `unsupportedText`).
 */
export function useNearMe({ failedTitle, unsupportedText }: NearMeOptions) {
  const [near, setNear] = useState<string | undefined>(undefined);
  const [locating, setLocating] = useState(false);
  const toggle = () => {
    if (near) {
      setNear(undefined);
      return;
    }
    if (!('geolocation' in navigator)) {
      toast({ variant: 'destructive', title: failedTitle, description: unsupportedText });
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
        toast({ variant: 'destructive', title: failedTitle, description: error.message || undefined });
      },
      NEAR_ME_POSITION_OPTIONS,
    );
  };
  return { near, locating, toggle };
}
