import ical, { ICalCalendarMethod } from 'ical-generator';
import type { EventType } from '../../../contract';
import { EVENT_IMPORT_TEXTS, EVENT_TEXTS, PRODUCT_NAME, registrationLabel } from '../../../contract';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import { wallTime } from '../../lib/time-zone';
import { type IcsRow, selectCalendarOwner, selectEventIcs, selectOwnIcs, selectUpcomingIcs } from './queries';

/**
 * DTSTART and DTEND of an event (issue 20): in its zone with TZID (or UTC); an event without an
 * end is a one-day event on its start's date there (DTSTART;VALUE=DATE, DTEND the next day),
 * never a 0-minute one.
 */
export function icsTimes(e: Pick<IcsRow, 'date' | 'endDate' | 'timeZone'>) {
  const zone = e.timeZone && e.timeZone !== 'UTC' ? e.timeZone : null;
  const start = new Date(e.date).getTime();
  if (!e.endDate) {
    const day = wallTime(zone ?? 'UTC', start).slice(0, 10);
    const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    return { start: day, end: next, allDay: true as const };
  }
  const end = new Date(e.endDate).getTime();
  if (!zone) return { start: new Date(start), end: new Date(end) };
  return { start: wallTime(zone, start), end: wallTime(zone, end), timezone: zone };
}

/** How many upcoming events a calendar feed carries at most. */
export const FEED_MAX_EVENTS = 500;

/** The UID an event keeps in every calendar, whatever changes (RFC 5545 §3.8.4.7). */
export const eventUid = (id: string) => `${id}@airsoft-community`;

/**
 * RFC 5545 text through ical-generator: one VEVENT per event with a stable UID, SEQUENCE (raised
 * on every edit, so subscribed calendars replace their copy), the place with its GEO, the type as
 * CATEGORIES and the registration link as URL.
 */
export function toICalendar(name: string, list: IcsRow[], origin: string | null): string {
  const calendar = ical({
    name,
    prodId: { company: PRODUCT_NAME, product: 'Events', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    ttl: 60 * 60,
  });
  for (const e of list) {
    // No known site address (production without PUBLIC_URL): no link to the event's page.
    const page = origin ? `${origin}/events/${e.id}` : null;
    const link = e.url ?? page;
    const lines = [e.description, registrationLabel(e), link ? `${EVENT_TEXTS.viewDetails}: ${link}` : null];
    calendar.createEvent({
      id: eventUid(e.id),
      sequence: e.sequence,
      ...icsTimes(e),
      summary: e.title,
      description: lines.filter(Boolean).join('\n\n'),
      location: {
        title: e.location,
        address: e.address ?? undefined,
        geo: e.lat !== null && e.lng !== null ? { lat: e.lat, lon: e.lng } : undefined,
      },
      categories: [{ name: e.type }],
      url: link ?? undefined,
      created: new Date(e.createdAt),
      lastModified: new Date(e.updatedAt),
      stamp: new Date(e.updatedAt),
    });
  }
  return calendar.toString();
}

/** Upcoming events, soonest first (GET /api/events.ics). */
export async function upcomingCalendar(
  db: Db,
  type: EventType | undefined,
  origin: string | null,
): Promise<string> {
  const list = await selectUpcomingIcs(db, type, FEED_MAX_EVENTS);
  return toICalendar(type ? `${PRODUCT_NAME}: ${type} events` : `${PRODUCT_NAME} events`, list, origin);
}

/** One event (GET /api/events/{id}/ics), or 404. */
export async function eventCalendar(
  db: Db,
  id: string,
  origin: string | null,
): Promise<{ title: string; text: string }> {
  const list = await selectEventIcs(db, id);
  if (list.length === 0) throw notFound(EVENT_TEXTS.eventNotFound);
  return { title: list[0].title, text: toICalendar(list[0].title, list, origin) };
}

/**
 * A player's own registrations, waitlisted ones included (marked), from a month ago on
 * (GET /api/calendar/{token}.ics); 404 for an unknown token.
 */
export async function personalCalendar(db: Db, token: string, origin: string | null): Promise<string> {
  const owner = await selectCalendarOwner(db, token);
  if (!owner) throw notFound(EVENT_IMPORT_TEXTS.calendarNotFound);
  const list = await selectOwnIcs(db, owner.userId, FEED_MAX_EVENTS);
  for (const e of list) {
    // A promotion changes the copy: the waitlisted one is marked, and SEQUENCE goes up by one.
    if (e.status === 'waitlisted') e.title = `${e.title} (${EVENT_TEXTS.onWaitlist})`;
    else e.sequence += 1;
  }
  return toICalendar(`${PRODUCT_NAME}: my events`, list, origin);
}
