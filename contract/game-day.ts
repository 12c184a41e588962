import { text } from './common';
import { z } from './messages';
import { WAIVER_LIMITS } from './waivers';

/**
 * Game day for organisers (issue 25): setting a waiver, the roster (and its CSV), messages to the
 * players, and a player's own signed waivers. Used by the lazy roster page and the Settings card
 * only: nothing here is loaded at first paint.
 */

// ---------------------------------------------------------------------------------------------
// Setting a waiver (an event's, by its organisers; a field's, by admins)

/** PUT /api/events/{id}/waiver and PUT /api/admin/fields/{id}/waiver: the Markdown text (a new text raises the version). */
export const waiverBody = z
  .object({ text: text().trim().min(1, 'Required').max(WAIVER_LIMITS.text) })
  .strict();
export type WaiverBody = z.input<typeof waiverBody>;

/** GET /api/events/{id}/waiver and GET /api/fields/{id}/waiver: what is set there (not inherited), or null. */
export const waiverSetting = z.object({
  waiver: z.object({ version: z.number().int(), text: z.string(), updatedAt: z.string() }).nullable(),
  /** For an event: the field's waiver it inherits when it has none of its own. */
  inherited: z.object({ version: z.number().int(), text: z.string() }).nullable().optional(),
});
export type WaiverSetting = z.infer<typeof waiverSetting>;

// ---------------------------------------------------------------------------------------------
// Waiver state of a player on an event

/**
 * 'signed' (the current text), 'outdated' (an earlier text: signs again at check-in), 'missing'
 * (registered before the event required one), 'not-required' (the event requires none).
 */
export const WAIVER_STATES = ['signed', 'outdated', 'missing', 'not-required'] as const;
export type WaiverState = (typeof WAIVER_STATES)[number];
export const WAIVER_STATE_LABELS: Record<WaiverState, string> = {
  signed: 'Signed',
  outdated: 'Signs again',
  missing: 'Not signed',
  'not-required': 'Not required',
};

// ---------------------------------------------------------------------------------------------
// Roster

export const ROSTER_STATUSES = ['registered', 'waitlisted'] as const;

/**
 * One player of the roster. Extension point: other game-day parts (sides, check-in, chrono) add
 * their columns here (optional fields) and in the server's ROSTER_CSV_COLUMNS.
 */
export const rosterEntry = z.object({
  userId: z.uuid(),
  username: z.string(),
  status: z.enum(ROSTER_STATUSES),
  /** 1-based place: among the registered, or on the waitlist. */
  position: z.number().int(),
  registeredAt: z.string(),
  /** The side's name on an event with sides (null: none, or no sides). */
  side: z.string().nullable(),
  /** When the player was checked in at the gate, or null. */
  checkedInAt: z.string().nullable(),
  /** The latest chrono reading's verdict, or null before any. */
  chrono: z.enum(['pass', 'fail']).nullable(),
  waiver: z.object({
    state: z.enum(WAIVER_STATES),
    /** The version signed last, and when (null: never). */
    version: z.number().int().nullable(),
    signedAt: z.string().nullable(),
    /** A minor: the guardian's name signed too. */
    minor: z.boolean(),
  }),
});
export type RosterEntry = z.infer<typeof rosterEntry>;

/** GET /api/events/{id}/roster (organisers). */
export const rosterAnswer = z.object({
  eventId: z.uuid(),
  title: z.string(),
  date: z.string(),
  timeZone: z.string(),
  /** The waiver required now, or null. */
  waiver: z.object({ version: z.number().int() }).nullable(),
  /** The event's sides (a message may go to one). */
  sides: z.array(z.object({ id: z.uuid(), name: z.string() })),
  entries: z.array(rosterEntry),
});
export type RosterAnswer = z.infer<typeof rosterAnswer>;

// ---------------------------------------------------------------------------------------------
// Messages to players

export const MESSAGE_MAX = 1000;
export const MESSAGE_AUDIENCES = ['registered', 'all', 'side'] as const;
export type MessageAudience = (typeof MESSAGE_AUDIENCES)[number];
export const MESSAGE_AUDIENCE_LABELS: Record<MessageAudience, string> = {
  registered: 'Registered players',
  all: 'Registered and waitlist',
  side: 'One side',
};

/** POST /api/events/{id}/messages (organisers). */
export const eventMessageBody = z
  .object({
    text: text().trim().min(1, 'Required').max(MESSAGE_MAX),
    audience: z.enum(MESSAGE_AUDIENCES).default('registered'),
    sideId: z.uuid().toLowerCase().optional(),
  })
  .strict();
export type EventMessageBody = z.input<typeof eventMessageBody>;

export const eventMessage = z.object({
  id: z.uuid(),
  text: z.string(),
  audience: z.enum(MESSAGE_AUDIENCES),
  sideId: z.uuid().nullable(),
  /** Who sent it (null once their account is gone). */
  sender: z.object({ id: z.uuid(), username: z.string() }).nullable(),
  /** How many players it was sent to. */
  recipientCount: z.number().int(),
  createdAt: z.string(),
});
export type EventMessage = z.infer<typeof eventMessage>;

/** GET /api/events/{id}/messages: all for organisers; those sent to the viewer for a player on the event. */
export const eventMessagesAnswer = z.object({
  messages: z.array(eventMessage),
  canSend: z.boolean(),
});
export type EventMessagesAnswer = z.infer<typeof eventMessagesAnswer>;

// ---------------------------------------------------------------------------------------------
// A player's own signed waivers

export const signedWaiver = z.object({
  id: z.uuid(),
  /** Null once the event was deleted (its title is kept). */
  eventId: z.uuid().nullable(),
  eventTitle: z.string(),
  eventDate: z.string(),
  version: z.number().int(),
  /** SHA-256 (hex) of the text signed. */
  textHash: z.string(),
  /** The text changed since: the player signs again. */
  outdated: z.boolean(),
  fullName: z.string(),
  dateOfBirth: z.string(),
  guardianName: z.string().nullable(),
  guardianPhone: z.string().nullable(),
  signedAt: z.string(),
});
export type SignedWaiver = z.infer<typeof signedWaiver>;
export const signedWaiversAnswer = z.array(signedWaiver);

// ---------------------------------------------------------------------------------------------
// Texts

export const GAME_DAY_TEXTS = {
  roster: 'Roster',
  rosterFor: (title: string) => `Roster: ${title}`,
  rosterFailed: 'Failed to load the roster',
  rosterEmpty: 'No players yet',
  rosterNoMatch: 'No players match',
  print: 'Print',
  downloadCsv: 'Download CSV',
  filterStatus: 'Status',
  allStatuses: 'All',
  searchName: 'Search by name',
  sortBy: 'Sort by',
  columns: {
    position: '#',
    name: 'Player',
    status: 'Status',
    registeredAt: 'Registered at',
    side: 'Side',
    checkedIn: 'Checked in',
    chrono: 'Chrono',
    waiver: 'Waiver',
  },
  chronoVerdicts: { pass: 'Pass', fail: 'Fail' } as Record<string, string>,
  statusLabels: { registered: 'Registered', waitlisted: 'Waitlist' } as Record<string, string>,
  messages: 'Messages to players',
  messagesFromOrganisers: 'Messages from the organisers',
  messageText: 'Message',
  messageAudience: 'Send to',
  messageSide: 'Side',
  sideOf: (name: string) => `Side of ${name}`,
  send: 'Send',
  messageSent: (n: number) => `Message sent to ${n} ${n === 1 ? 'player' : 'players'}`,
  messageFailed: 'Failed to send the message',
  noMessages: 'No messages sent yet',
  waiver: 'Waiver',
  waiverVersion: (v: number) => `Version ${v}`,
  waiverSaved: 'Waiver saved',
  waiverRemoved: 'Waiver removed',
  waiverHint: 'Markdown. Saving a changed text makes a new version: players who signed before sign again.',
  waiverInherited: 'Inherited from the field',
  removeWaiver: 'Remove waiver',
  saveWaiver: 'Save waiver',
  myWaivers: 'Signed waivers',
  myWaiversEmpty: 'You have not signed any waiver yet',
  myWaiversFailed: 'Failed to load your waivers',
  signsAgain: 'Signs again',
  // The registration's waiver dialog
  waiverTitle: (title: string) => `Waiver: ${title}`,
  waiverIntro: 'Read the waiver, then sign it with your full name and date of birth to register.',
  fullName: 'Full name (as your signature)',
  dateOfBirth: 'Date of birth',
  guardianIntro: 'Under 18 on the day of the event: a parent or guardian signs too.',
  guardianName: 'Guardian’s full name',
  guardianPhone: 'Guardian’s phone',
  signAndRegister: 'Sign and register',
  signAndJoinWaitlist: 'Sign and join the waitlist',
  signAgain: 'Sign the new waiver',
  signAgainHint: 'The waiver changed since you signed it: sign the new version.',
  signMissing: 'Sign the waiver',
  signMissingHint: 'This event requires a waiver you have not signed yet: sign it before the game.',
  cancelDialog: 'Cancel',
  notOrganiser: 'Only the event’s organisers can do this',
} as const;
