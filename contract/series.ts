import { z } from './messages';
import { wallTime, zonedInstant } from './time-zone';

/**
 * Weekly games without copying (issue 26): an organiser turns an event into the first game of a
 * series (POST /api/events/{id}/series); each further game is its own event, with its own
 * registrations, sides and roster. The series page (GET /api/event-series/{id}) lists its games;
 * PATCH /api/events/{id}?scope=following edits this and the later games at once; games not
 * confirmed (POST /api/events/{id}/confirm) a week before are flagged to their organisers.
 *
 * The dates are computed here, for the server and the dialog's preview alike, on the event's
 * local wall-clock time in its time zone: a game at 10:00 stays at 10:00 across daylight saving.
 * Monthly means the same weekday of the month as the first game (the 2nd Saturday); a first game
 * on the 5th such weekday of its month repeats on the LAST such weekday of each month.
 */

export const SERIES_FREQUENCIES = ['weekly', 'biweekly', 'monthly'] as const;
export type SeriesFrequency = (typeof SERIES_FREQUENCIES)[number];

export const SERIES_FREQUENCY_LABELS: Record<SeriesFrequency, string> = {
  weekly: 'Every week',
  biweekly: 'Every two weeks',
  monthly: 'Every month (same weekday)',
};

/** A series reaches at most a year past its first game's start. */
export const SERIES_LIMITS = { horizonMonths: 12, minCount: 2, maxCount: 53 } as const;

export const SERIES_TEXTS = {
  repeat: 'Repeat…',
  repeatTitle: 'Repeat this game',
  frequency: 'How often',
  until: 'Until',
  count: 'Number of games',
  endsBy: 'Ends',
  byDate: 'On a date',
  byCount: 'After a number of games',
  preview: 'Dates',
  create: 'Create series',
  created: 'Series created',
  series: 'Series',
  seriesGames: 'Games of this series',
  viewSeries: 'View the series',
  subscribe: 'Subscribe (.ics)',
  noGames: 'No games',
  confirmGame: 'Confirm this game',
  confirmed: 'Game confirmed',
  needsConfirmation: 'This game of a series starts within a week: confirm it will run.',
  thisOnly: 'This game only',
  following: 'This and following games',
  scopeQuestion: 'This game is part of a series. Apply the change to:',
  cancelled: 'Cancelled',
  cancelGame: 'Cancel this game',
  gameCancelled: 'This game is cancelled',
  cancelGameWarning: 'The game stays listed as cancelled, and its registered players are told.',
  // Server messages
  oneOfUntilCount: 'Give either until or count, not both',
  alreadySeries: 'This event is already part of a series',
  pastEvent: 'This event has already taken place',
  untilBeforeStart: 'The last date must be after the first game',
  tooFar: 'A series reaches at most a year past its first game',
  tooMany: (max: number) => `At most ${max} games within a year at this frequency`,
  noMoreGames: 'No further game falls before that date',
  seriesNotFound: 'Series not found',
  notInSeries: 'This event is not part of a series',
  unconfirmedNotice: (event: string) => `${event} starts within a week and is not confirmed yet`,
} as const;

/** POST /api/events/{id}/series: a frequency, and either the last date (`until`, YYYY-MM-DD in the event's zone, inclusive) or the number of games (`count`, the first included). */
export const createSeriesBody = z
  .object({
    frequency: z.enum(SERIES_FREQUENCIES),
    until: z.iso.date().optional(),
    count: z.number().int().min(SERIES_LIMITS.minCount).max(SERIES_LIMITS.maxCount).optional(),
  })
  .strict()
  .refine((b) => (b.until === undefined) !== (b.count === undefined), {
    message: SERIES_TEXTS.oneOfUntilCount,
    path: ['until'],
  });
export type CreateSeriesBody = z.input<typeof createSeriesBody>;

/** PATCH /api/events/{id}?scope=: `this` (default) the game alone; `following` it and every later game of its series. */
export const EDIT_SCOPES = ['this', 'following'] as const;
export type EditScope = (typeof EDIT_SCOPES)[number];
export const editScopeQuery = z.object({ scope: z.enum(EDIT_SCOPES).default('this') });

export const SERIES_GAME_STATUSES = ['scheduled', 'cancelled', 'past'] as const;

/** One game of a series. */
export const seriesGame = z.object({
  id: z.uuid(),
  title: z.string(),
  date: z.string(),
  endsAt: z.string().nullable(),
  timeZone: z.string(),
  status: z.enum(SERIES_GAME_STATUSES),
  registeredCount: z.number().int(),
  capacity: z.number().int(),
  /** Organisers only: confirmed by an organiser (issue 26's stale flag). */
  confirmed: z.boolean().optional(),
});
export type SeriesGame = z.infer<typeof seriesGame>;

/** GET /api/event-series/{id} (and POST /api/events/{id}/series's 201): the games, soonest first, and the viewer's abilities. */
export const eventSeriesAnswer = z.object({
  id: z.uuid(),
  frequency: z.enum(SERIES_FREQUENCIES),
  games: z.array(seriesGame),
  /** The public calendar feed of the series. */
  icsUrl: z.string(),
  /** The viewer organises the series' games (events policy 'manage'). */
  abilities: z.object({ canManage: z.boolean() }),
});
export type EventSeriesAnswer = z.infer<typeof eventSeriesAnswer>;

export const seriesIcsPath = (id: string) => `/api/event-series/${id}.ics`;
export const teamIcsPath = (id: string) => `/api/teams/${id}/events.ics`;
export const fieldIcsPath = (id: string) => `/api/fields/${id}/events.ics`;

// ---------------------------------------------------------------------------------------------
// The dates

interface Wall {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const wallOf = (timeZone: string, ms: number): Wall => {
  const [d, t] = wallTime(timeZone, ms).split('T');
  const [year, month, day] = d.split('-').map(Number);
  const [hour, minute, second] = t.split(':').map(Number);
  return { year, month, day, hour, minute, second };
};
/** A wall-clock time as if it were UTC (for day arithmetic only). */
const wallMs = (w: Wall) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
const fromWallMs = (ms: number): Wall => {
  const d = new Date(ms);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  };
};
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The k-th game's local date (k = 0 is the first), the time of day kept. */
function nthWall(first: Wall, frequency: SeriesFrequency, k: number): Wall {
  if (frequency !== 'monthly') {
    const step = (frequency === 'weekly' ? 7 : 14) * 86_400_000;
    return fromWallMs(wallMs(first) + k * step);
  }
  const weekday = new Date(Date.UTC(first.year, first.month - 1, first.day)).getUTCDay();
  const nth = Math.ceil(first.day / 7); // 1..5; 5: the last such weekday
  const index = first.month - 1 + k;
  const year = first.year + Math.floor(index / 12);
  const month = (index % 12) + 1;
  const firstWeekday = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  let day = 1 + ((weekday - firstWeekday + 7) % 7) + (Math.min(nth, 5) - 1) * 7;
  while (day > daysIn(year, month)) day -= 7;
  return { ...first, year, month, day };
}

export interface SeriesDate {
  /** ISO instant of the start. */
  date: string;
  /** ISO instant of the end, when the first game has one (the same wall-clock length). */
  endsAt: string | null;
}

export type SeriesPlan =
  | { ok: true; dates: SeriesDate[] }
  | { ok: false; message: string; path: 'until' | 'count' };

/**
 * Every game's start (and end) of a series made from an event starting at `startIso` (ending at
 * `endsAtIso`) in `timeZone`, the first included, on the local wall-clock time; or why not.
 */
export function seriesDates(
  start: { date: string; endsAt: string | null; timeZone: string },
  body: { frequency: SeriesFrequency; until?: string; count?: number },
): SeriesPlan {
  const zone = start.timeZone || 'UTC';
  const startMs = Date.parse(start.date);
  const first = wallOf(zone, startMs);
  const length = start.endsAt ? wallMs(wallOf(zone, Date.parse(start.endsAt))) - wallMs(first) : null;
  // The horizon: the same local day a year on (29 February: 28 February).
  const horizonDay = Math.min(first.day, daysIn(first.year + 1, first.month));
  const horizon = wallMs({ ...first, year: first.year + 1, day: horizonDay });
  let last = horizon;
  if (body.until !== undefined) {
    const [y, m, d] = body.until.split('-').map(Number);
    const untilEnd = Date.UTC(y, m - 1, d, 23, 59, 59);
    if (untilEnd <= wallMs(first))
      return { ok: false, message: SERIES_TEXTS.untilBeforeStart, path: 'until' };
    if (Date.UTC(y, m - 1, d) > Date.UTC(first.year + 1, first.month - 1, horizonDay))
      return { ok: false, message: SERIES_TEXTS.tooFar, path: 'until' };
    last = Math.min(untilEnd, horizon);
  }
  const walls: Wall[] = [];
  for (let k = 0; k < 400; k++) {
    const w = nthWall(first, body.frequency, k);
    if (wallMs(w) > last) break;
    walls.push(w);
    if (body.count !== undefined && walls.length === body.count) break;
  }
  if (body.count !== undefined && walls.length < body.count)
    return { ok: false, message: SERIES_TEXTS.tooMany(walls.length), path: 'count' };
  if (walls.length < 2) return { ok: false, message: SERIES_TEXTS.noMoreGames, path: 'until' };
  const instant = (w: Wall) => zonedInstant(zone, w).toISOString();
  return {
    ok: true,
    dates: walls.map((w, k) => ({
      date: k === 0 ? new Date(startMs).toISOString() : instant(w),
      endsAt: length === null ? null : k === 0 ? start.endsAt : instant(fromWallMs(wallMs(w) + length)),
    })),
  };
}

/**
 * "This and following" with a new start (PATCH scope=following): the change of local wall-clock
 * time (days and time of day) from `before` to `after`, applied to another game's start in its
 * zone, so that moving one game from Saturday 10:00 to Sunday 11:00 moves each later one likewise.
 */
export function shiftedLike(before: string, after: string, other: string, timeZone: string): string {
  const zone = timeZone || 'UTC';
  const delta = wallMs(wallOf(zone, Date.parse(after))) - wallMs(wallOf(zone, Date.parse(before)));
  return zonedInstant(zone, fromWallMs(wallMs(wallOf(zone, Date.parse(other))) + delta)).toISOString();
}

/** The local date ('YYYY-MM-DD') of the instant `ms` in `timeZone` (the dialog's default last date). */
export const wallTimeDay = (timeZone: string, ms: number) => wallTime(timeZone || 'UTC', ms).slice(0, 10);
