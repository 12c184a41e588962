import type { EventType } from '@contract/events';
import { format } from 'date-fns';

/** SPEC §9: events read 'MMM dd, yyyy - h:mm a'. */
export const EVENT_DATE_FORMAT = 'MMM dd, yyyy - h:mm a';

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsIn(timeZone: string, date: Date) {
  let f = formatters.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-US', {
        timeZone,
        year: 'numeric',
        month: 'short',
        day: '2-digit',
        hour: 'numeric',
        minute: '2-digit',
        hour12: true,
        timeZoneName: 'short',
      });
    } catch {
      return null;
    }
    formatters.set(timeZone, f);
  }
  const parts = f.formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    date: `${get('month')} ${get('day')}, ${get('year')}`,
    time: `${get('hour')}:${get('minute')} ${get('dayPeriod').toUpperCase()}`,
    zone: get('timeZoneName'),
  };
}

/**
 * 'Jan 10, 2027 - 10:00 AM CST': the SPEC §9 format, in the event's time zone with its
 * abbreviation (issue 20); without a zone, in the viewer's and without one.
 */
export function formatEventDate(iso: string, timeZone?: string | null): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const p = timeZone ? partsIn(timeZone, date) : null;
  return p ? `${p.date} - ${p.time} ${p.zone}` : format(date, EVENT_DATE_FORMAT);
}

/**
 * The start and end of an event in its zone: 'Jan 10, 2027 - 10:00 AM – 4:00 PM CST' on one day,
 * both in full over several days, the start only without an end.
 */
export function formatEventRange(event: {
  date: string;
  endsAt?: string | null;
  timeZone?: string | null;
}): string {
  const start = formatEventDate(event.date, event.timeZone);
  if (!event.endsAt || !event.timeZone) return start;
  const a = partsIn(event.timeZone, new Date(event.date));
  const b = partsIn(event.timeZone, new Date(event.endsAt));
  if (!a || !b || Number.isNaN(new Date(event.endsAt).getTime())) return start;
  if (a.date === b.date) return `${a.date} - ${a.time} – ${b.time} ${b.zone}`;
  return `${start} – ${formatEventDate(event.endsAt, event.timeZone)}`;
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

const dayFormatters = new Map<string, Intl.DateTimeFormat>();
/**
 * The day an event falls on in its own zone (where it is played), as a local Date at midnight for
 * the calendar: the same on the server and in every browser. Without a zone, the viewer's day.
 */
export function eventDay(event: { date: string; timeZone?: string | null }): Date {
  const at = new Date(event.date);
  if (event.timeZone) {
    let f = dayFormatters.get(event.timeZone);
    try {
      f ??= new Intl.DateTimeFormat('en-CA', {
        timeZone: event.timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      });
      dayFormatters.set(event.timeZone, f);
      const [y, m, d] = f.format(at).split('-').map(Number);
      if (y && m && d) return new Date(y, m - 1, d);
    } catch {
      // An unknown zone: the viewer's day.
    }
  }
  return new Date(at.getFullYear(), at.getMonth(), at.getDate());
}
