import type { EventType } from '@contract/events';
import { format } from 'date-fns';

/** SPEC §9: events read 'MMM dd, yyyy - h:mm a' (in the viewer's time zone). */
export const EVENT_DATE_FORMAT = 'MMM dd, yyyy - h:mm a';

export function formatEventDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : format(date, EVENT_DATE_FORMAT);
}

/** '12.3 km away' for a distance from `?near=`. */
export const formatDistance = (km: number) => `${km.toFixed(1)} km away`;

/** The type badge's colours. */
export const TYPE_BADGE: Record<EventType, string> = {
  Milsim: 'bg-red-500/15 text-red-700 dark:text-red-300',
  Local: 'bg-emerald-500/15 text-emerald-800 dark:text-emerald-300',
  Training: 'bg-sky-500/15 text-sky-700 dark:text-sky-300',
};

/** The badge over an image: solid colours, legible on any picture (AA contrast for small text). */
export const TYPE_BADGE_SOLID: Record<EventType, string> = {
  Milsim: 'bg-red-700 text-white',
  Local: 'bg-emerald-700 text-white',
  Training: 'bg-sky-700 text-white',
};

/** An OpenStreetMap search for the address (or the place name). */
export const mapSearchUrl = (query: string) =>
  `https://www.openstreetmap.org/search?query=${encodeURIComponent(query)}`;
