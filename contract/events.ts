import { bothCoordinatesOrNeither, mediaMap, pageQuery, text } from './common';
import { EVENT_DEFAULTS, EVENT_TYPES } from './constants';
import { z } from './messages';
import { IMAGE_REF_MESSAGE, isImageRef } from './profiles';
import { isTimeZone } from './time-zone';

/**
 * Events (SPEC §2 Events section, Admin events management, §3 events and event_registrations,
 * §7, §8, §9; issue 10): the Event answer with registration, waitlist and the viewer's abilities,
 * the list query, the admin create/patch payloads, rules of engagement with the fps conversion,
 * calendar feeds and the import.
 */

export { EVENT_DEFAULTS, EVENT_TYPES };
export type EventType = (typeof EVENT_TYPES)[number];
export const eventType = z.enum(EVENT_TYPES);

/** The Events section's tabs: All Events, then each type (SPEC §2). */
export const EVENT_TABS = ['All Events', ...EVENT_TYPES] as const;

/** Lengths the forms and the server agree on. */
export const EVENT_LIMITS = {
  title: 200,
  description: 5000,
  location: 200,
  address: 300,
  url: 2048,
  capacity: 100_000,
  /** `?near=` with `?sort=distance`: only events within this many km (the bounding box). */
  nearRadiusKmDefault: 300,
  nearRadiusKmMax: 20_000,
  /** Import: a feed or an uploaded .ics is at most 5 MB, fetched within 10 s. */
  importMaxBytes: 5 * 1024 * 1024,
  importTimeoutMs: 10_000,
  /** Import: a recurring event gives at most this many occurrences, within this many days. */
  importMaxOccurrences: 12,
  importHorizonDays: 366,
  /** Import: at most this many events from one source at a time. */
  importMaxEvents: 2000,
  /**
   * Import: a source is read in a worker thread within this time and this many recurrence steps
   * over the whole file (issue 24); past them the events read so far are imported and the answer
   * says it stopped early, and a source still not read a little later is refused.
   */
  importParseMs: 3000,
  importMaxSteps: 50_000,
} as const;

// ---------------------------------------------------------------------------------------------
// Rules of engagement

/** Weapon classes with a power limit and a minimum engagement distance. */
export const WEAPON_CLASSES = ['aeg', 'dmr', 'sniper'] as const;
export type WeaponClass = (typeof WEAPON_CLASSES)[number];
export const WEAPON_CLASS_LABELS: Record<WeaponClass, string> = {
  aeg: 'AEG/GBB',
  dmr: 'DMR',
  sniper: 'Bolt-action sniper',
};

export const EYE_PROTECTION = ['full-seal', 'full-face'] as const;
export type EyeProtection = (typeof EYE_PROTECTION)[number];
export const EYE_PROTECTION_LABELS: Record<EyeProtection, string> = {
  'full-seal': 'Full-seal eye protection required',
  'full-face': 'Full-face protection required',
};

/** The chrono BB weight assumed when none is given (grams). */
export const DEFAULT_CHRONO_BB_G = 0.2;

/** One class's limits: power in joules and minimum engagement distance in metres; null = none. */
export const weaponClassRules = z.object({
  joules: z.number().positive().max(20).nullable().default(null),
  minEngagementM: z.number().min(0).max(500).nullable().default(null),
});
export type WeaponClassRules = z.infer<typeof weaponClassRules>;

/**
 * An event's rules of engagement (issue 10). Power limits are joules measured with a BB of
 * `chronoBbWeightG` grams; flags say whether pyro, smoke, HPA and tracers are allowed.
 */
export const eventRules = z.object({
  chronoBbWeightG: z.number().min(0.1).max(0.6).default(DEFAULT_CHRONO_BB_G),
  classes: z
    .object({
      aeg: weaponClassRules.nullable().default(null),
      dmr: weaponClassRules.nullable().default(null),
      sniper: weaponClassRules.nullable().default(null),
    })
    .default({ aeg: null, dmr: null, sniper: null }),
  /** Rate-of-fire limit in BB per second; null = no limit stated. */
  rateOfFireBps: z.number().positive().max(100).nullable().default(null),
  eyeProtection: z.enum(EYE_PROTECTION).nullable().default(null),
  minimumAge: z.number().int().min(0).max(99).nullable().default(null),
  pyroAllowed: z.boolean().default(false),
  smokeAllowed: z.boolean().default(false),
  hpaAllowed: z.boolean().default(false),
  tracersAllowed: z.boolean().default(false),
  /** Free notes shown under the rules card. */
  notes: text().trim().max(2000).nullable().default(null),
});
export type EventRules = z.infer<typeof eventRules>;
export type EventRulesInput = z.input<typeof eventRules>;

const FEET_PER_METRE = 1 / 0.3048;

/** Muzzle energy (J) to fps for a BB of `bbGrams`: fps = sqrt(2E/m) / 0.3048, m in kg. */
export function joulesToFps(joules: number, bbGrams: number = DEFAULT_CHRONO_BB_G): number {
  if (!(joules >= 0) || !(bbGrams > 0)) return Number.NaN;
  return Math.sqrt((2 * joules) / (bbGrams / 1000)) * FEET_PER_METRE;
}

/** fps to muzzle energy (J) for a BB of `bbGrams`: E = m v^2 / 2, v = fps * 0.3048. */
export function fpsToJoules(fps: number, bbGrams: number = DEFAULT_CHRONO_BB_G): number {
  if (!(fps >= 0) || !(bbGrams > 0)) return Number.NaN;
  const v = fps * 0.3048;
  return ((bbGrams / 1000) * v * v) / 2;
}

/** '1.14 J (350 fps with 0.20 g)': what the rules card shows for a power limit. */
export function formatPowerLimit(joules: number, bbGrams: number = DEFAULT_CHRONO_BB_G): string {
  const fps = Math.round(joulesToFps(joules, bbGrams));
  return `${Number(joules.toFixed(2))} J (${fps} fps with ${bbGrams.toFixed(2)} g)`;
}

const full = (r: EventRulesInput): EventRules => eventRules.parse(r);

/** Presets the admin form offers; choosing one fills the rules section. */
export const RULE_PRESETS: readonly { id: string; name: string; rules: EventRules }[] = [
  {
    id: 'uk-standard',
    name: 'UK standard',
    rules: full({
      chronoBbWeightG: 0.2,
      classes: {
        aeg: { joules: 1.14, minEngagementM: null },
        dmr: { joules: 1.64, minEngagementM: 20 },
        sniper: { joules: 2.32, minEngagementM: 30 },
      },
      eyeProtection: 'full-seal',
      minimumAge: 12,
      pyroAllowed: true,
      smokeAllowed: true,
      hpaAllowed: true,
      tracersAllowed: true,
    }),
  },
  {
    id: 'eu-1.5j',
    name: 'EU 1.5 J',
    rules: full({
      chronoBbWeightG: 0.2,
      classes: {
        aeg: { joules: 1.5, minEngagementM: null },
        dmr: { joules: 2.0, minEngagementM: 20 },
        sniper: { joules: 2.5, minEngagementM: 30 },
      },
      rateOfFireBps: 20,
      eyeProtection: 'full-seal',
      minimumAge: 14,
      pyroAllowed: true,
      smokeAllowed: true,
      hpaAllowed: true,
      tracersAllowed: true,
    }),
  },
  {
    id: 'cqb-1j',
    name: 'CQB 1 J',
    rules: full({
      chronoBbWeightG: 0.2,
      classes: {
        aeg: { joules: 1.0, minEngagementM: null },
        dmr: null,
        sniper: null,
      },
      rateOfFireBps: 15,
      eyeProtection: 'full-face',
      minimumAge: 16,
      pyroAllowed: true,
      smokeAllowed: false,
      hpaAllowed: false,
      tracersAllowed: true,
    }),
  },
];

// ---------------------------------------------------------------------------------------------
// The Event answer

export const VIEWER_STATUSES = ['none', 'registered', 'waitlisted'] as const;
export type ViewerStatus = (typeof VIEWER_STATUSES)[number];

/** The team hosting an event (issue 25): its leader and co-leaders are the event's organisers. */
export const eventHostTeam = z.object({ id: z.uuid(), name: z.string() });
export type EventHostTeam = z.infer<typeof eventHostTeam>;

/**
 * The viewer's organiser abilities on one event (issue 25): manage (edit, roster, sides, messages)
 * and run its check-in. True for admins and the host team's leader and co-leaders.
 */
export const eventAbilities = z.object({ canManage: z.boolean(), canCheckIn: z.boolean() });
export type EventAbilities = z.infer<typeof eventAbilities>;

/**
 * One side (faction) of an event (issue 25), with its own capacity (0: no limit), registered
 * players and waitlist; on GET /api/events/{id}, in their order.
 */
export const eventSide = z.object({
  id: z.uuid(),
  name: z.string(),
  /** '#rrggbb'. */
  colour: z.string(),
  capacity: z.number().int(),
  registeredCount: z.number().int(),
  waitlistCount: z.number().int(),
});
export type EventSide = z.infer<typeof eventSide>;

export const SIDE_LIMITS = { min: 2, max: 6, name: 40 } as const;

/** A side as the create and edit payloads give it: with `id` an existing side (edited), without a new one. */
export const eventSideInput = z
  .object({
    id: z.uuid().toLowerCase().optional(),
    name: text().trim().min(1, 'Required').max(SIDE_LIMITS.name),
    colour: text().regex(/^#[0-9a-fA-F]{6}$/, 'Must be a colour like #1a2b3c'),
    capacity: z.number().int().min(0).max(EVENT_LIMITS.capacity).default(0),
  })
  .strict();
export type EventSideInput = z.input<typeof eventSideInput>;

/** SPEC §3 Event, with the waitlist, the rules, the viewer's place and abilities (issue 10). */
export const event = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  /** ISO date-time of the start (the instant the admin sent). */
  date: z.string(),
  /** ISO date-time of the end, or null: a start time only (issue 20). */
  endsAt: z.string().nullable(),
  /** The IANA time zone the event's times are shown in (issue 20). */
  timeZone: z.string(),
  /** 'City, State/Province'. */
  location: z.string(),
  address: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  type: eventType,
  image: z.string().nullable(),
  /** 0 means no limit (the card then reads 'N registered'). */
  capacity: z.number().int(),
  registeredCount: z.number().int(),
  waitlistCount: z.number().int(),
  /** Registration link, opened in a new tab by 'View Event Details'. */
  url: z.string().nullable(),
  /** Kilometres from `?near=`, one decimal; present only when asked and the event has a place. */
  distance: z.number().optional(),
  rules: eventRules.nullable(),
  /** The field the event is held at (issue 13), or null. */
  fieldId: z.uuid().nullable().optional(),
  /** Issue 26: rentals available, first-timers welcome (beginner-friendly). */
  rentalsAvailable: z.boolean().optional(),
  firstTimersWelcome: z.boolean().optional(),
  /** Registering asks a waiver (issue 25; its text on GET /api/events/{id}): a card's Register opens the event page. */
  waiverRequired: z.boolean().optional(),
  /** True once the start has passed: no registrations any more. */
  isPast: z.boolean(),
  /** 'none' for an anonymous viewer. */
  viewerStatus: z.enum(VIEWER_STATUSES),
  /** 1-based place on the waitlist when the viewer is waitlisted, else null. */
  waitlistPosition: z.number().int().nullable(),
  /** Where an imported event came from (the feed's name or address), else null. */
  source: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The viewer's abilities (policy.ts): register or join the waitlist, cancel, edit, delete. */
  canRegister: z.boolean(),
  canCancel: z.boolean(),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  /**
   * GET /api/events/{id} only (issue 25): the waiver registering requires (the event's own, else
   * its field's), or null; registering then sends the answers (contract/waivers.ts). Its shape
   * is written here, not imported: contract/waivers.ts stays out of the first load.
   */
  waiver: z.object({ version: z.number().int(), text: z.string() }).nullable().optional(),
  /** The viewer's signature of that waiver when they are on the event: 'outdated' signs again. */
  viewerWaiver: z.enum(['signed', 'outdated', 'missing']).optional(),
  /** The team hosting the event (issue 25), or null; on GET /api/events/{id}. */
  hostTeam: eventHostTeam.nullable().optional(),
  /** The field it is held at, named (issue 25), or null; on GET /api/events/{id}. */
  field: z.object({ id: z.uuid(), name: z.string() }).nullable().optional(),
  /** Its sides (issue 25), in order; [] when it has none; on GET /api/events/{id}. */
  sides: z.array(eventSide).optional(),
  /** The side the viewer is on (registered or waitlisted), or null; on GET /api/events/{id}. */
  viewerSideId: z.uuid().nullable().optional(),
  /** Issue 26: the viewer's own registration is private (counted, not listed); on GET /api/events/{id} when on it. */
  viewerPrivate: z.boolean().optional(),
  /** What the viewer may run on the event (events/policy.ts); on GET /api/events/{id}. */
  abilities: eventAbilities.optional(),
  /** Issue 26: the series it is a game of (contract/series.ts), or null; on GET /api/events/{id}. */
  seriesId: z.uuid().nullable().optional(),
  /** Issue 26: cancelled by an organiser (kept, closed to registrations); in lists and on GET /api/events/{id}. */
  cancelled: z.boolean().optional(),
  /** Issue 26, organisers only: a game of a series starting within a week, not yet confirmed (POST /api/events/{id}/confirm). */
  needsConfirmation: z.boolean().optional(),
  media: mediaMap.optional(),
});
export type Event = z.infer<typeof event>;

// ---------------------------------------------------------------------------------------------
// Queries

/** `?near=lat,lng`: two numbers in range. */
export const nearParam = text()
  .trim()
  .transform((v, ctx) => {
    const m = /^(-?\d+(?:\.\d+)?),\s*(-?\d+(?:\.\d+)?)$/.exec(v);
    const lat = m ? Number(m[1]) : Number.NaN;
    const lng = m ? Number(m[2]) : Number.NaN;
    if (!m || Math.abs(lat) > 90 || Math.abs(lng) > 180) {
      ctx.addIssue({ code: 'custom', message: 'Expected lat,lng with -90..90 and -180..180' });
      return z.NEVER;
    }
    return { lat, lng };
  });

export const EVENT_SORTS = ['date', 'distance'] as const;

/**
 * GET /api/events. Default: upcoming events, soonest first. `from`/`to` (ISO date-times, `to`
 * exclusive) select a window, past events included (the calendar's visible month). `near` adds
 * `distance`; `sort=distance` (needs `near`) orders by it within `radius` km. `before` is the id
 * of the last event shown (DESIGN §3).
 */
/** Find a game (issue 26): the distances offered, in km. */
export const EVENT_RADII = [25, 50, 100, 250] as const;
/** A day (YYYY-MM-DD, in each event's own time zone) or an instant. */
const DAY = /^\d{4}-\d{2}-\d{2}$/;
export const isDayParam = (v: string | undefined): v is string => !!v && DAY.test(v);
const dayOrInstant = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);
/** `?flag=true` (or false). */
const flagParam = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .optional();
/** The end of a range: a day counts whole (inclusive), an instant is exclusive. */
const rangeEnd = (v: string) => (isDayParam(v) ? Date.parse(`${v}T00:00:00Z`) + 86_400_000 : Date.parse(v));

/** GET /api/events' filters as an object (eventsQuery without its checks); saved searches keep them. */
export const eventsQueryFields = pageQuery.extend({
  type: eventType.optional(),
  from: dayOrInstant.optional(),
  to: dayOrInstant.optional(),
  near: nearParam.optional(),
  sort: z.enum(EVENT_SORTS).default('date'),
  radius: z.coerce.number().positive().max(EVENT_LIMITS.nearRadiusKmMax).optional(),
  /** Issue 26: events with places left (no capacity counts as places). */
  placesLeft: flagParam,
  /** Issue 26: rentals available or first-timers welcome. */
  beginner: flagParam,
  /** Issue 26 (signed in): events whose rules allow every replica of the viewer's garage. */
  replicasAllowed: flagParam,
  before: z.uuid().toLowerCase().optional(),
});

export const RADIUS_MESSAGE = `radius must be one of ${EVENT_RADII.join(', ')} km`;

export const eventsQuery = eventsQueryFields
  .refine((q) => q.sort !== 'distance' || q.near, { message: 'sort=distance needs near', path: ['sort'] })
  .refine((q) => q.radius === undefined || q.near, { message: 'radius needs near', path: ['radius'] })
  // The find filters offer EVENT_RADII; nearest-first pages keep their wider range (issue 21).
  .refine(
    (q) =>
      q.radius === undefined ||
      q.sort === 'distance' ||
      (EVENT_RADII as readonly number[]).includes(q.radius),
    { message: RADIUS_MESSAGE, path: ['radius'] },
  )
  .refine(
    (q) =>
      !q.from || !q.to || Date.parse(q.from.length === 10 ? `${q.from}T00:00:00Z` : q.from) < rangeEnd(q.to),
    {
      message: 'from must be before to',
      path: ['to'],
    },
  );
export type EventsQuery = z.input<typeof eventsQuery>;

/** GET /api/events.ics: upcoming events, optionally of one type. */
export const eventsFeedQuery = z.object({ type: eventType.optional() });

// ---------------------------------------------------------------------------------------------
// Admin payloads

const LINK_MESSAGE = 'Must be an http(s) URL or an uploaded file path';
/** A text field a form may send empty: trimmed, '' kept as null. */
const optionalText = (max: number) =>
  text()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();
const optionalRef = (message: string) =>
  text()
    .trim()
    .max(EVENT_LIMITS.url)
    .transform((v) => (v === '' ? null : v))
    .refine((v) => v === null || isImageRef(v), { message })
    .nullable()
    .optional();

export const TIME_ZONE_MESSAGE = 'Must be an IANA time zone such as America/Chicago or UTC';
export const ENDS_AT_MESSAGE = 'The end must be after the start';

/** A time zone name (issue 20), checked with Intl. */
export const timeZoneName = text().trim().max(64).refine(isTimeZone, { message: TIME_ZONE_MESSAGE });

/** True when `endsAt` is missing or after `date` (both ISO). */
export const endsAfterStart = (date: string | undefined, endsAt: string | null | undefined) =>
  !date || !endsAt || Date.parse(endsAt) > Date.parse(date);

const eventFields = {
  title: text().trim().min(1, 'Required').max(EVENT_LIMITS.title),
  description: optionalText(EVENT_LIMITS.description),
  /** The instant sent is the instant kept (an offset or Z is required). */
  date: z.iso.datetime({ offset: true }),
  /** Optional; after `date` (issue 20). null clears it. */
  endsAt: z.iso.datetime({ offset: true }).nullable().optional(),
  /** An IANA name; the server's TZ (or UTC) when left out on create. */
  timeZone: timeZoneName.optional(),
  location: text().trim().min(1, 'Required').max(EVENT_LIMITS.location),
  address: optionalText(EVENT_LIMITS.address),
  lat: z.number().min(-90).max(90).nullable().optional(),
  lng: z.number().min(-180).max(180).nullable().optional(),
  image: optionalRef(IMAGE_REF_MESSAGE),
  url: optionalRef(LINK_MESSAGE),
  rules: eventRules.nullable().optional(),
  /**
   * The field the event is held at (issue 13): the server fills location, address, lat, lng and
   * rules from the field where the payload leaves them out; null unlinks.
   */
  fieldId: z.uuid().toLowerCase().nullable().optional(),
  /**
   * The team hosting the event (issue 25): admins any team, a team's leader or co-leader their
   * own team; null unhosts.
   */
  hostTeamId: z.uuid().toLowerCase().nullable().optional(),
  /**
   * 2 to 6 sides (issue 25). On edit, the list replaces the event's: sides with an id are kept
   * (and edited), new ones added, the others removed (only when no one is on them).
   */
  sides: z.array(eventSideInput).min(SIDE_LIMITS.min).max(SIDE_LIMITS.max).optional(),
  /** Issue 26: beginner-friendly (the find filter `beginner=true`). */
  rentalsAvailable: z.boolean().optional(),
  firstTimersWelcome: z.boolean().optional(),
};

const BOTH_OR_NEITHER = 'Give both lat and lng, or neither';

/** POST /api/events (an admin, or a team's leader or co-leader hosting it for their team): type defaults to Local, capacity to 0 (SPEC §9). */
export const createEventBody = z
  .object({
    ...eventFields,
    /** Required, unless a field is given (its place fills it). */
    location: eventFields.location.optional(),
    type: eventType.default(EVENT_DEFAULTS.type),
    capacity: z.number().int().min(0).max(EVENT_LIMITS.capacity).default(EVENT_DEFAULTS.capacity),
  })
  .strict()
  .check(bothCoordinatesOrNeither(BOTH_OR_NEITHER))
  .refine((b) => b.location !== undefined || !!b.fieldId, { message: 'Required', path: ['location'] })
  .refine((b) => endsAfterStart(b.date, b.endsAt), { message: ENDS_AT_MESSAGE, path: ['endsAt'] });
export type CreateEventBody = z.input<typeof createEventBody>;

/** PATCH /api/events/{id} (the event's organisers: admins, the host team's leader and co-leaders): any of the fields; lat and lng together. */
export const updateEventBody = z
  .object({
    ...eventFields,
    title: eventFields.title.optional(),
    date: eventFields.date.optional(),
    location: eventFields.location.optional(),
    type: eventType.optional(),
    capacity: z.number().int().min(0).max(EVENT_LIMITS.capacity).optional(),
    /** Issue 26: true cancels the game (its players are told), false runs it again. */
    cancelled: z.boolean().optional(),
  })
  .strict()
  .check(bothCoordinatesOrNeither(BOTH_OR_NEITHER))
  .refine((b) => endsAfterStart(b.date, b.endsAt), { message: ENDS_AT_MESSAGE, path: ['endsAt'] });
export type UpdateEventBody = z.input<typeof updateEventBody>;

/** The form's capacity field: parsed as an integer, falling back to 0 (SPEC §5). */
export function parseCapacity(value: string | number | null | undefined): number {
  const n = typeof value === 'number' ? Math.trunc(value) : Number.parseInt(String(value ?? ''), 10);
  return Number.isFinite(n) && n >= 0 ? n : EVENT_DEFAULTS.capacity;
}

// ---------------------------------------------------------------------------------------------
// Import

export const IMPORT_SOURCES = ['preset', 'custom'] as const;

/**
 * POST /api/events/import (admin): `{source: 'preset'}` (EVENTS_IMPORT_URL), `{source: 'custom',
 * url}` (a feed or a page with schema.org Event JSON-LD), or `{source: 'custom', ics}` (the text of
 * an uploaded .ics file). Any other source is 400.
 */
export const importEventsBody = z.discriminatedUnion('source', [
  z.object({ source: z.literal('preset') }).strict(),
  z
    .object({
      source: z.literal('custom'),
      url: z
        .url({ protocol: /^https?$/ })
        .max(EVENT_LIMITS.url)
        .optional(),
      ics: z.string().max(EVENT_LIMITS.importMaxBytes).optional(),
    })
    .strict()
    .refine((v) => (v.url ? 1 : 0) + (v.ics ? 1 : 0) === 1, {
      message: 'Give a feed address or an .ics file',
      path: ['url'],
    }),
]);
export type ImportEventsBody = z.input<typeof importEventsBody>;

/** The import's answer: new events, unchanged ones (duplicates) and changed ones brought up to date. */
export const importEventsAnswer = z.object({
  added: z.number().int(),
  skipped: z.number().int(),
  updated: z.number().int(),
  /** Present when the source was read only in part (its reading budget ran out). */
  note: z.string().optional(),
});
export type ImportEventsAnswer = z.infer<typeof importEventsAnswer>;

/** GET /api/events/import/preset (admin): the preset site's name and whether one is set. */
export const importPresetAnswer = z.object({ name: z.string().nullable(), url: z.string().nullable() });
export type ImportPresetAnswer = z.infer<typeof importPresetAnswer>;

// ---------------------------------------------------------------------------------------------
// Personal calendar feed

/**
 * GET/POST /api/user/calendar-token: the viewer's own feed. Only the secret's hash is kept, so
 * `url` (the secret address) is answered once, by the POST that makes it; GET says whether one
 * exists and since when (issue 24).
 */
export const calendarFeedAnswer = z.object({
  url: z.string().nullable(),
  exists: z.boolean(),
  createdAt: z.string().nullable(),
});
export type CalendarFeedAnswer = z.infer<typeof calendarFeedAnswer>;

export const CALENDAR_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,64}$/;

// ---------------------------------------------------------------------------------------------
// Texts (SPEC §2 Events section and Admin events management, §8 Event and Import)

/**
 * The calendar's window for a month (`monthIndex` 0 to 11): the month in UTC, widened by 14 hours
 * each side so that it holds every event whose day, in any time zone, falls in the month. The same
 * for the server and every browser, wherever they are (the calendar then sorts events by their day
 * in their own zone).
 */
export function calendarMonthWindow(year: number, monthIndex: number): { from: string; to: string } {
  const margin = 14 * 3_600_000;
  return {
    from: new Date(Date.UTC(year, monthIndex, 1) - margin).toISOString(),
    to: new Date(Date.UTC(year, monthIndex + 1, 1) + margin).toISOString(),
  };
}

/** The calendar shows at most this many events of a month (the list's maximum page). */
export const EVENTS_MONTH_LIMIT = 100;

/**
 * The block of /events's HTML (the calendar view): the server's day (`YYYY-MM-DD`), which the
 * browser's first render starts from, and each list the calendar asks for first, under the
 * parameters it asks with, as GET /api/events answers them to the viewer.
 */
export const EVENTS_PAGE_DATA_ID = 'events-page-data';

/** The block of /events/{id}'s HTML with the event as GET /api/events/{id} answers its viewer (decision 020). */
export const EVENT_PAGE_DATA_ID = 'event-page-data';
/** The `sizes` of an event page's banner (its preload in the HTML asks for the same copy). */
export const EVENT_IMAGE_SIZES = '(min-width: 1024px) 960px, 100vw';

export const EVENT_TEXTS = {
  events: 'Events',
  allEvents: 'All Events',
  calendarView: 'Calendar',
  gridView: 'Grid',
  noEventsForDate: 'No events scheduled for this date',
  selectDate: 'Select a date',
  noEventsForCategory: 'No events found for this category',
  viewDetails: 'View Event Details',
  registered: 'registered',
  fetchFailed: 'Failed to fetch events',
  eventNotFound: 'Event not found',
  nearMe: 'Near me',
  register: 'Register',
  joinWaitlist: 'Join waitlist',
  cancel: 'Cancel registration',
  leaveWaitlist: 'Leave waitlist',
  youAreRegistered: "You're registered",
  onWaitlist: 'On the waitlist',
  eventPassed: 'This event has already taken place',
  full: 'Full',
  placesLeft: 'places left',
  waitlist: 'waitlist',
  addToCalendar: 'Add to calendar',
  openInMap: 'Open in map',
  share: 'Share',
  rules: 'Rules of engagement',
  // Admin: Manage Events
  createEvent: 'Create Event',
  editEvent: 'Edit Event',
  eventCreated: 'Event created successfully',
  eventCreateFailed: 'Failed to create event',
  eventUpdated: 'Event updated successfully',
  eventUpdateFailed: 'Failed to update event',
  eventDeleted: 'Event deleted successfully',
  eventDeleteFailed: 'Failed to delete event',
  // Server messages
  registrationClosed: 'This event has already taken place',
} as const;

/** 'registered/capacity registered', or 'N registered' when capacity is 0 (no limit). */
export const registrationLabel = (e: { registeredCount: number; capacity: number }) =>
  e.capacity > 0
    ? `${e.registeredCount}/${e.capacity} ${EVENT_TEXTS.registered}`
    : `${e.registeredCount} ${EVENT_TEXTS.registered}`;

/** Places left, or null when there is no limit. */
export const placesLeft = (e: { registeredCount: number; capacity: number }) =>
  e.capacity > 0 ? Math.max(0, e.capacity - e.registeredCount) : null;

/** The words in an imported event's CATEGORIES or title that give its type; else Local. */
export function typeFromWords(words: readonly string[]): EventType {
  const text = words.join(' ').toLowerCase();
  if (/\bmil[-\s]?sim\b/.test(text)) return 'Milsim';
  if (/\btraining\b/.test(text)) return 'Training';
  return 'Local';
}
