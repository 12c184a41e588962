import {
  calendarMonthWindow,
  EVENT_IMAGE_SIZES,
  EVENTS_MONTH_LIMIT,
  type Event,
  type EventType,
  event,
  eventsQuery,
  eventWithReplicas,
  z,
} from '../../../contract';
import type { Ctx, MediaAttacher } from '../../context';
import type { Db } from '../../db/client';
import { orNullIfNotFound } from '../../errors';
import { answerWriter } from '../../plugins/serializer';
import type { SessionUser } from '../auth';
import { eventsCache } from './cache';
import { getEvent, listEvents } from './service';

/** Written as GET /api/events/{id} writes its answer (the same schema serializer): its fields, no other. */
const writeEvent = answerWriter<Event>(eventWithReplicas);

export interface EmbeddedEvent {
  /** The event as JSON, exactly as the API answers `GET /api/events/{id}` to this viewer. */
  json: string;
  /** Its banner as the page asks for it (our own path or the image proxy's, with its srcset). */
  image: { href: string; srcset?: string; sizes: string } | null;
}

/**
 * The event `id` as this viewer gets it from the API (with its media map), for the HTML of
 * /events/{id} to carry (decision 020); null for an unknown event.
 */
export async function embeddedEvent(
  db: Db,
  media: MediaAttacher,
  id: string,
  viewer: SessionUser | null,
): Promise<EmbeddedEvent | null> {
  const found = await orNullIfNotFound(getEvent(db, id, viewer));
  if (!found) return null;
  await media(found);
  return { json: writeEvent(found), image: bannerOf(found) };
}

function bannerOf({ image, media }: Event): EmbeddedEvent['image'] {
  if (!image) return null;
  const entry = media?.[image];
  const href = image.startsWith('/objects/') ? image : entry?.src;
  if (!href) return null;
  return { href, ...(entry?.srcset ? { srcset: entry.srcset } : {}), sizes: EVENT_IMAGE_SIZES };
}

/** Written as GET /api/events writes its answer. */
const writeEvents = answerWriter<Event[]>(z.array(event));

/**
 * What the HTML of /events carries for its calendar (the section's default view, issue 20): the
 * server's day, the events of its month (the calendar's window) and the next upcoming event, of
 * the tab's `type`, each as GET /api/events answers this viewer with the parameters the calendar
 * asks with. As JSON (EVENTS_PAGE_DATA_ID).
 */
export async function embeddedCalendar(
  ctx: Ctx,
  type: EventType | undefined,
  viewer: SessionUser | null,
  now = new Date(),
): Promise<string> {
  const day = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  const month = { ...calendarMonthWindow(now.getFullYear(), now.getMonth()), limit: EVENTS_MONTH_LIMIT };
  const lists = [type ? { ...month, type } : month, type ? { type, limit: 1 } : { limit: 1 }];
  const answers = await Promise.all(
    lists.map((params) => listEvents(ctx.db, eventsCache(ctx), eventsQuery.parse(params), viewer)),
  );
  await Promise.all(answers.map((list) => ctx.media(list)));
  const parts = lists.map(
    (params, i) => `{"params":${JSON.stringify(params)},"events":${writeEvents(answers[i])}}`,
  );
  return `{"today":"${day}","lists":[${parts.join(',')}]}`;
}
