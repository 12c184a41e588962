import { mediaMap, pageQuery, uuid } from './common';
import { z } from './messages';

/**
 * After the game (issue 26): an event's photo gallery (the images of the posts tagged with it,
 * once it has started), a player's record of games played (checked in), and the events a post
 * can be tagged with. Only lazily loaded web code (the event page's Photos section, the profile's
 * Games played section, the post composer) and the server import this module.
 */

export const EVENT_PHOTOS_TEXTS = {
  title: 'Photos',
  empty: 'No photos yet. Tag your posts with this event to share them here.',
  notYet: 'Photos appear here once the game has started.',
  loadFailed: 'Failed to fetch photos',
  loadMore: 'Load more photos',
  loadingMore: 'Loading photos...',
  photoBy: (username: string) => `Photo by ${username}`,
  openPost: 'Open the post',
  close: 'Close',
  previous: 'Previous photo',
  next: 'Next photo',
} as const;

export const GAMES_PLAYED_TEXTS = {
  title: 'Games played',
  empty: 'No games played yet.',
  loadFailed: 'Failed to fetch games',
  loadMore: 'Show more games',
  count: (n: number) => `${n} ${n === 1 ? 'game' : 'games'}`,
} as const;

/** Posts tagged with an event: the composer's picker, the card's tag, the server's refusal. */
export const POST_EVENT_TEXTS = {
  label: 'At an event',
  /** Before a tagged event's title on a post: "at Operation Northwind". */
  atEvent: 'at',
  /** POST /api/posts with an `eventId` that names no event. */
  eventUnknown: 'That event does not exist: pick one of the list',
  none: 'No event',
  registered: 'Your events',
  recent: 'Recent events',
} as const;

/**
 * A photo's id, and the gallery's `before` cursor: its post's id and the image's place in the
 * post (1-based), `<postId>:<n>`.
 */
export const PHOTO_ID_PATTERN =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}:[1-9][0-9]{0,2}$/;
export const photoCursor = z
  .string()
  .toLowerCase()
  .regex(PHOTO_ID_PATTERN, 'Must be a photo id (<post id>:<n>)');

/** GET /api/events/{id}/photos?limit=&before=<photo id>. */
export const eventPhotosQuery = pageQuery.extend({ before: photoCursor.optional() });
export type EventPhotosQuery = z.input<typeof eventPhotosQuery>;

/** One photo of the gallery: an image of a tagged post (shown with its `media` entry), its post and author. */
export const eventPhoto = z.object({
  id: z.string(),
  postId: z.uuid(),
  image: z.string(),
  user: z.object({ id: z.uuid(), username: z.string(), avatar: z.string().nullable() }),
  createdAt: z.string(),
  media: mediaMap.optional(),
});
export type EventPhoto = z.infer<typeof eventPhoto>;

/**
 * The gallery: `open` once the event has started (`opensAt`, its start); before that `photos` is
 * always empty. Newest post first, each post's images in their order; the next page's cursor is
 * the last photo's id (a page shorter than `limit` is the last).
 */
export const eventPhotosAnswer = z.object({
  open: z.boolean(),
  opensAt: z.string(),
  photos: z.array(eventPhoto),
});
export type EventPhotosAnswer = z.infer<typeof eventPhotosAnswer>;

/** GET /api/user/{userId}/games?limit=&before=<event id>. */
export const playerGamesQuery = pageQuery.extend({ before: uuid().optional() });
export type PlayerGamesQuery = z.input<typeof playerGamesQuery>;

/** A game on a player's record: an event they were checked in at. */
export const playerGame = z.object({
  eventId: z.uuid(),
  title: z.string(),
  date: z.string(),
  timeZone: z.string(),
  /** The place as the event names it. */
  location: z.string(),
  /** The field it was held at, when it names one. */
  field: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** The side the player was on, for an event with sides. */
  side: z.object({ name: z.string(), colour: z.string() }).nullable(),
  checkedInAt: z.string(),
});
export type PlayerGame = z.infer<typeof playerGame>;

/**
 * A player's record: how many games they played, and a page of them, the latest first. A game
 * they registered for privately (issue 26) is left out, of the list and the count, for everyone
 * but the player themself.
 */
export const playerGamesAnswer = z.object({ count: z.number().int(), games: z.array(playerGame) });
export type PlayerGamesAnswer = z.infer<typeof playerGamesAnswer>;

/** GET /api/user/post-events: the events the composer offers to tag a post with. */
export const postEventChoice = z.object({
  id: z.uuid(),
  title: z.string(),
  date: z.string(),
  /** The viewer is registered (or waitlisted) on it; otherwise a recent event. */
  registered: z.boolean(),
});
export type PostEventChoice = z.infer<typeof postEventChoice>;

/** The window of the composer's events: registered ones this far back and ahead, others started this far back. */
export const POST_EVENT_WINDOW = { registeredDays: 60, recentDays: 14, max: 50 } as const;
