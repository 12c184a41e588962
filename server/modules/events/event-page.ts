import { EVENT_IMAGE_SIZES, type Event, event } from '../../../contract';
import type { MediaAttacher } from '../../context';
import type { Db } from '../../db/client';
import { HttpError } from '../../errors';
import { answerWriter } from '../../plugins/serializer';
import type { SessionUser } from '../auth';
import { getEvent } from './service';

/** Written as GET /api/events/{id} writes its answer (the same schema serializer): its fields, no other. */
const writeEvent = answerWriter<Event>(event);

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
  let found: Event;
  try {
    found = await getEvent(db, id, viewer);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) return null;
    throw error;
  }
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
