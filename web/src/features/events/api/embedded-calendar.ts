import { EVENTS_PAGE_DATA_ID, type Event } from '@contract/events';
import type { QueryClient } from '@tanstack/react-query';
import { takeEmbedded } from '@web/lib/embedded';
import { type EventListParams, eventKeys } from './keys';

/** What the HTML of /events carries for its calendar (server/modules/events/event-page.ts). */
export interface EmbeddedCalendar {
  /** The server's day, `YYYY-MM-DD`: the browser's first render starts from it. */
  today: string;
  /** Each list the calendar asks for first, under its parameters, as GET /api/events answered. */
  lists: { params: EventListParams; events: Event[] }[];
}

const isCalendar = (data: unknown): data is EmbeddedCalendar =>
  typeof data === 'object' &&
  data !== null &&
  typeof (data as EmbeddedCalendar).today === 'string' &&
  /^\d{4}-\d{2}-\d{2}$/.test((data as EmbeddedCalendar).today) &&
  Array.isArray((data as EmbeddedCalendar).lists) &&
  (data as EmbeddedCalendar).lists.every(
    (list) => typeof list?.params === 'object' && list.params !== null && Array.isArray(list.events),
  );

/** Puts the calendar's lists in `client`, under the keys the calendar reads them by. */
export function seedCalendar(client: QueryClient, calendar: EmbeddedCalendar): void {
  for (const { params, events } of calendar.lists) client.setQueryData(eventKeys.list(params), events);
}

let firstDay: string | null = null;

/**
 * Takes the calendar block of the HTML (once): its lists go into `client`, its day is the one the
 * calendar's first render shows ({@link takeFirstDay}). False without one.
 */
export function takeEmbeddedCalendar(client: QueryClient): boolean {
  const data = takeEmbedded(EVENTS_PAGE_DATA_ID);
  if (!isCalendar(data)) return false;
  seedCalendar(client, data);
  firstDay = data.today;
  return true;
}

/**
 * The day the calendar's first render shows when the server rendered it (its day, so that the
 * markup is the same), taken once; null otherwise (the browser's own day).
 */
export function takeFirstDay(): Date | null {
  const day = firstDay;
  firstDay = null;
  if (!day) return null;
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d);
}
