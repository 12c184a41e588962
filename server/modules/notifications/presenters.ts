import {
  BADGE_NAMES,
  type BadgeId,
  EVENT_SOCIAL_TEXTS,
  type MediaMap,
  type Notification,
  type NotificationActor,
  type NotificationKind,
  RIDES_TEXTS,
  SAVED_SEARCH_TEXTS,
  SERIES_TEXTS,
  TEAM_ROLE_LABELS,
  type TeamRole,
} from '../../../contract';
import type { MediaAttacher } from '../../context';
import { iso } from '../../db/rows';
import type { NotificationData } from '../../db/schema';

/**
 * An entry as the list's statement reads it (queries.ts): the row, what its subject is now (the
 * live team's name, the live event's title, date, zone and place, the post's caption, the
 * comment), and its actors. Subjects that are gone read null.
 */
export interface NotificationRow {
  seq: string;
  kind: NotificationKind;
  read: boolean;
  createdAt: Date | string;
  postId: string | null;
  commentId: string | null;
  teamId: string | null;
  eventId: string | null;
  data: NotificationData | null;
  teamName: string | null;
  eventTitle: string | null;
  eventDate: Date | string | null;
  eventZone: string | null;
  eventLocation: string | null;
  postCaption: string | null;
  commentContent: string | null;
  /** The recipient's username (badge entries only: their link is the recipient's profile). */
  recipientUsername: string | null;
  actors: NotificationActor[] | null;
  actorCount: number;
}

/** What an entry says and where it leads, written from its row alone (no query). */
export interface NotificationDescription {
  text: string;
  excerpt: string | null;
  url: string | null;
  gone: boolean;
}

/** How long an excerpt shown (a comment, a caption) may be before it is cut. */
const SHOWN_EXCERPT_MAX = 140;
/** Ends the sentence of an entry whose subject (a team, an event) was deleted. */
export const GONE_SUFFIX = ' (no longer available)';

const TEAM_KINDS = new Set<NotificationKind>([
  'team-application',
  'team-application-answered',
  'team-invitation',
  'team-role-changed',
  'team-removed',
]);
const EVENT_KINDS = new Set<NotificationKind>([
  'event-waitlist-promoted',
  'event-changed',
  'event-reminder',
  'event-message',
  'event-squad',
  'event-ride',
  'event-comment',
  'event-unconfirmed',
]);
const CHANGE_WORDS: Record<string, string> = { date: 'date', location: 'place', rules: 'rules' };

/** "a", "a and b", "a, b and c". */
function listed(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** An excerpt on one line, cut at SHOWN_EXCERPT_MAX characters (whole code points, with an ellipsis); null when empty. */
function shownExcerpt(text: string | null | undefined): string | null {
  const line = (text ?? '').replace(/\s+/g, ' ').trim();
  if (!line) return null;
  const chars = Array.from(line);
  return chars.length > SHOWN_EXCERPT_MAX
    ? `${chars
        .slice(0, SHOWN_EXCERPT_MAX - 1)
        .join('')
        .trimEnd()}…`
    : line;
}

/** An event's time in its own zone (UTC when it has none): "Sat, 4 Jul 2026, 09:30 BST". */
export function eventTime(at: Date | string, zone: string | null, timeOnly = false): string {
  const date = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(date.getTime())) return '';
  const options: Intl.DateTimeFormatOptions = {
    timeZone: zone || 'UTC',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
    ...(timeOnly ? {} : { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }),
  };
  try {
    return withZoneName(new Intl.DateTimeFormat('en-GB', options), date, options.timeZone as string);
  } catch {
    return new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' }).format(date);
  }
}

/** The zone's short name at `date`: British English knows BST and CET, American English EDT and PDT. */
function shortZoneName(date: Date, timeZone: string): string {
  const name = (locale: string) =>
    new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' })
      .formatToParts(date)
      .find((p) => p.type === 'timeZoneName')?.value ?? '';
  const british = name('en-GB');
  if (!british.startsWith('GMT') && !british.startsWith('UTC')) return british;
  const american = name('en-US');
  return american && !american.startsWith('GMT') ? american : british;
}

/** The British format with the zone's best-known short name ("Fri, 27 Nov 2026, 19:00 EST", not "GMT-5"). */
function withZoneName(format: Intl.DateTimeFormat, date: Date, timeZone: string): string {
  const zone = shortZoneName(date, timeZone);
  return format
    .formatToParts(date)
    .map((p) => (p.type === 'timeZoneName' ? zone : p.value))
    .join('');
}

/** Who acted: "alex", "alex and 1 other", "alex and 4 others" ("Someone" when their accounts are gone). */
function whoActed(row: NotificationRow): string {
  const first = row.actors?.[0]?.username;
  if (!first) return 'Someone';
  const others = row.actorCount - 1;
  if (others <= 0) return first;
  return `${first} and ${others} ${others === 1 ? 'other' : 'others'}`;
}

/**
 * An entry's sentence, excerpt, link and whether its subject is gone (issue 23), from its row:
 * the live team's name and event's title when they still exist, else what the entry remembered
 * (data.title). An entry whose team or event was deleted says so (GONE_SUFFIX) and links nowhere;
 * a disbanded team and a cancelled event are gone by nature (no link, no suffix). Entries whose
 * post or comment was deleted are deleted with it, so they are never described.
 */
export function describeNotification(row: NotificationRow): NotificationDescription {
  const data = row.data ?? {};
  const who = whoActed(row);
  const team = row.teamName ?? data.title ?? 'a team';
  const event = row.eventTitle ?? data.title ?? 'an event';
  const postUrl = row.postId ? `/posts/${row.postId}` : null;
  const teamUrl = row.teamId ? `/teams/${row.teamId}` : null;
  const eventUrl = row.eventId ? `/events/${row.eventId}` : null;
  const at = row.eventDate ?? data.startsAt ?? null;
  const place = row.eventLocation ?? data.location ?? null;
  const where = (timeOnly: boolean) =>
    [at ? eventTime(at, row.eventDate ? row.eventZone : null, timeOnly) : '', place ?? '']
      .filter(Boolean)
      .join(timeOnly ? ', ' : ' at ');

  let text: string;
  let excerpt: string | null = null;
  let url: string | null = null;
  switch (row.kind) {
    case 'comment':
      text = `${who} commented on your post`;
      excerpt = shownExcerpt(row.commentContent ?? data.excerpt);
      url = postUrl;
      break;
    case 'mention':
      text = `${who} mentioned you in ${row.commentId ? 'a comment' : 'a post'}`;
      excerpt = shownExcerpt(data.excerpt ?? (row.commentId ? row.commentContent : row.postCaption));
      url = postUrl;
      break;
    case 'like':
      text = `${who} liked your post`;
      excerpt = shownExcerpt(row.postCaption ?? data.excerpt);
      url = postUrl;
      break;
    case 'follow': {
      text = `${who} followed you`;
      const latest = row.actors?.[0]?.username ?? data.username;
      url = latest ? `/profile/${encodeURIComponent(latest)}` : null;
      break;
    }
    case 'team-application':
      text = `${who} applied to join ${team}`;
      excerpt = shownExcerpt(data.excerpt);
      url = teamUrl && `${teamUrl}/manage`;
      break;
    case 'team-application-answered':
      text = `Your application to ${team} was ${data.accepted ? 'accepted' : 'declined'}`;
      url = teamUrl;
      break;
    case 'team-invitation':
      text = `${who} invited you to join ${team}`;
      url = teamUrl;
      break;
    case 'team-role-changed': {
      const role = TEAM_ROLE_LABELS[data.role as TeamRole] ?? data.role ?? 'changed';
      text = `Your role in ${team} is now ${role}`;
      url = teamUrl;
      break;
    }
    case 'team-removed':
      text = `You were removed from ${team}`;
      url = teamUrl;
      break;
    case 'team-disbanded':
      text = `${team} was disbanded`;
      break;
    case 'event-waitlist-promoted': {
      const details = where(false);
      text = `A place freed up: you are now registered for ${event}${details ? `, ${details}` : ''}`;
      url = eventUrl;
      break;
    }
    case 'event-changed': {
      const what = (data.changed ?? []).map((c) => CHANGE_WORDS[c] ?? c);
      text = what.length > 0 ? `${event} changed: ${listed(what)}` : `${event} changed`;
      url = eventUrl;
      break;
    }
    case 'event-cancelled':
      text = `${event} was cancelled`;
      break;
    case 'event-reminder': {
      const details = where(true);
      text = `Tomorrow: ${event}${details ? ` at ${details}` : ''}`;
      url = eventUrl;
      break;
    }
    case 'event-message':
      // An organiser's message to the players (issue 25): its text is the excerpt, whole on the event page.
      text = `Message from the organisers of ${event}`;
      excerpt = shownExcerpt(data.excerpt);
      url = eventUrl;
      break;
    case 'event-squad':
      // Issue 25: a leader put the player in their team's squad for an event; they confirm there.
      text = `${who} put you in ${row.teamName ?? 'a team'}'s squad for ${event}: confirm your place`;
      url = eventUrl;
      break;
    case 'event-ride': {
      // Issue 26: a carpool request, its answer, a ride cancelled or a passenger gone.
      const R = RIDES_TEXTS.notice;
      const said = data.ride ?? 'requested';
      text = said === 'declined' || said === 'cancelled' ? R[said](event) : R[said](who, event);
      url = eventUrl && `${eventUrl}#carpools`;
      break;
    }
    case 'event-comment':
      // Issue 26: an organiser wrote in the discussion of an event the player is registered on.
      text = EVENT_SOCIAL_TEXTS.notice(who, event);
      excerpt = shownExcerpt(data.excerpt);
      url = eventUrl && `${eventUrl}#discussion`;
      break;
    case 'event-unconfirmed':
      // Issue 26: a game of the organiser's series starts within a week, not confirmed.
      text = SERIES_TEXTS.unconfirmedNotice(event);
      url = eventUrl;
      break;
    case 'saved-search-match':
      // Issue 26: new games matching a saved search (data.title), counted for the day.
      text = SAVED_SEARCH_TEXTS.matched(data.count ?? 1, data.title ?? 'your saved search');
      url = `/events${data.query ? `?${data.query}` : ''}`;
      break;
    case 'badge-earned': {
      const badge = BADGE_NAMES[data.badge as BadgeId] ?? data.title ?? data.badge ?? 'a';
      text = `You earned the ${badge} badge`;
      url = row.recipientUsername ? `/profile/${encodeURIComponent(row.recipientUsername)}` : null;
      break;
    }
    case 'warning':
      // The admin's text, whole (issue 24): the admins speak as the site, no actor named.
      text = data.excerpt ? `A warning from the admins: ${data.excerpt}` : 'A warning from the admins';
      url = null;
      break;
    default:
      text = `${who} did something`;
  }

  const gone =
    row.kind === 'team-disbanded' ||
    row.kind === 'event-cancelled' ||
    (TEAM_KINDS.has(row.kind) && row.teamId === null) ||
    (EVENT_KINDS.has(row.kind) && row.eventId === null);
  if (gone && row.kind !== 'team-disbanded' && row.kind !== 'event-cancelled') text += GONE_SUFFIX;
  return { text, excerpt, url: gone ? null : url, gone };
}

/** An entry of the API (its `id` is its seq) from its row. */
export function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.seq,
    kind: row.kind,
    read: row.read,
    createdAt: iso(row.createdAt),
    actors: (row.actors ?? []).map((a) => ({ id: a.id, username: a.username, avatar: a.avatar })),
    actorCount: row.actorCount,
    ...describeNotification(row),
  };
}

/**
 * Gives entries their `media` maps (their actors' avatars): the attacher maps each actor, and the
 * entry carries the union (the contract's `media` is the entry's, as the web reads it).
 */
export async function attachNotificationMedia(media: MediaAttacher, items: Notification[]): Promise<void> {
  const actors = items.map((item) => item.actors);
  await media(actors);
  for (const item of items) {
    let map: MediaMap | undefined;
    for (const actor of item.actors as Array<NotificationActor & { media?: MediaMap }>) {
      if (!actor.media) continue;
      map = { ...map, ...actor.media };
      delete actor.media;
    }
    if (map) item.media = map;
  }
}
