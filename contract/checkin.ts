import { text, uuid } from './common';
import { DEFAULT_CHRONO_BB_G, type EventRules } from './events';
import { limitJoulesFor, REPLICA_CLASSES, type ReplicaClass, readingJoules, verdictAgainst } from './garage';
import { z } from './messages';
import { eventWaiver, waiverAnswers } from './waivers';

/**
 * Tickets, check-in and chrono at the gate (issue 25). A ticket code is 16 characters of Crockford
 * base32 (80 bits of an HMAC with the server's secret over the event and the registration's random
 * id), shown in groups of four: XXXX-XXXX-XXXX-XXXX.
 */

export const TICKET_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const TICKET_CODE_LENGTH = 16;

/** A typed or scanned code to its canonical form: upper case, no separators, O→0, I/L→1. */
export function normaliseTicketCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}

/** 'ABCD-EFGH-JKMN-PQRS': the form printed and read aloud. */
export function formatTicketCode(code: string): string {
  return (normaliseTicketCode(code).match(/.{1,4}/g) ?? []).join('-');
}

/** Whether a (normalised) code has the ticket's shape at all. */
export const isTicketShape = (code: string): boolean =>
  code.length === TICKET_CODE_LENGTH && [...code].every((c) => TICKET_ALPHABET.includes(c));

const codeField = text().trim().min(1).max(40);

export const ticketAnswer = z.object({ code: z.string() });
export type TicketAnswer = z.infer<typeof ticketAnswer>;

/** One of the viewer's upcoming games (GET /api/user/games). */
export const myGame = z.object({
  eventId: z.uuid(),
  title: z.string(),
  date: z.string(),
  timeZone: z.string(),
  location: z.string(),
  status: z.enum(['registered', 'waitlisted']),
  /** The ticket code when registered; null on the waitlist. */
  code: z.string().nullable(),
  checkedInAt: z.string().nullable(),
});
export type MyGame = z.infer<typeof myGame>;

export const chronoResult = z.object({
  replicaClass: z.enum(REPLICA_CLASSES),
  fps: z.number().nullable(),
  bbWeightGrams: z.number().nullable(),
  joules: z.number(),
  limitJoules: z.number().nullable(),
  pass: z.boolean(),
  measuredAt: z.string(),
  measuredBy: z.string().nullable(),
});
export type ChronoResult = z.infer<typeof chronoResult>;

/** A player at the gate: who, side, waiver, chrono, check-in. */
export const gatePlayer = z.object({
  userId: z.uuid(),
  username: z.string(),
  avatar: z.string().nullable(),
  /** The side's name once events have sides; null otherwise. */
  side: z.string().nullable(),
  /** The waiver's state (contract/game-day.ts WAIVER_STATES): 'outdated' signs again at the gate. */
  waiver: z.enum(['signed', 'outdated', 'missing', 'not-required']).nullable(),
  checkedInAt: z.string().nullable(),
  chrono: z.array(chronoResult),
});
export type GatePlayer = z.infer<typeof gatePlayer>;

export const checkInBody = z.union([
  z.object({ code: codeField }).strict(),
  z.object({ userId: uuid() }).strict(),
]);
export type CheckInBody = z.infer<typeof checkInBody>;

export const checkInAnswer = z.object({
  player: gatePlayer,
  /** True when the player was already checked in (the answer keeps the first time). */
  alreadyCheckedIn: z.boolean(),
  checkedInAt: z.string(),
});
export type CheckInAnswer = z.infer<typeof checkInAnswer>;

export const CHECK_IN_BATCH_MAX = 500;
/** A scan made offline: a ticket code, or a player picked from the roster (userId). */
export const offlineScan = z
  .object({
    code: codeField.optional(),
    userId: uuid().optional(),
    /** ISO date-time of the scan on the device. */
    scannedAt: z.iso.datetime({ offset: true }),
    deviceId: text().trim().min(1).max(100),
  })
  .refine((s) => (s.code === undefined) !== (s.userId === undefined), {
    message: 'Give a ticket code or a userId',
    path: ['code'],
  });
export type OfflineScan = z.infer<typeof offlineScan>;
export const checkInBatchBody = z.object({ scans: z.array(offlineScan).min(1).max(CHECK_IN_BATCH_MAX) });
export const checkInBatchAnswer = z.object({
  results: z.array(
    z.object({
      code: z.string().nullable(),
      status: z.enum(['checked-in', 'already', 'unknown']),
      userId: z.uuid().nullable(),
      /** The time the server keeps (the earliest scan). */
      checkedInAt: z.string().nullable(),
    }),
  ),
});
export type CheckInBatchAnswer = z.infer<typeof checkInBatchAnswer>;

/**
 * What the gate needs to judge a chrono reading with no network: the event's limit in joules per
 * replica class (null: none stated) and the BB weight assumed when a reading gives none.
 */
export const chronoLimits = z.object({
  classes: z.object({
    aeg: z.number().nullable(),
    dmr: z.number().nullable(),
    sniper: z.number().nullable(),
  }),
  bbWeightGrams: z.number(),
});
export type ChronoLimits = z.infer<typeof chronoLimits>;

/** The limits of an event's rules, as the server's chrono routes use them. */
export function chronoLimitsOf(rules: EventRules | null | undefined): ChronoLimits {
  return {
    classes: {
      aeg: limitJoulesFor(rules, 'aeg'),
      dmr: limitJoulesFor(rules, 'dmr'),
      sniper: limitJoulesFor(rules, 'sniper'),
    },
    bbWeightGrams: rules?.chronoBbWeightG ?? DEFAULT_CHRONO_BB_G,
  };
}

/**
 * The one verdict of a reading (server and the gate's device alike): joules from fps and the BB
 * weight (the event's when none given) or as given, against the class's limit; exactly at the
 * limit passes.
 */
export function judgeReading(
  limits: ChronoLimits,
  reading: { replicaClass: ReplicaClass; fps?: number; bbWeightGrams?: number; joules?: number },
): { joules: number; limitJoules: number | null; pass: boolean; bbWeightGrams: number | null } {
  const bb = reading.fps !== undefined ? (reading.bbWeightGrams ?? limits.bbWeightGrams) : null;
  const joules =
    reading.fps !== undefined && bb !== null ? readingJoules(reading.fps, bb) : (reading.joules ?? 0);
  return { ...verdictAgainst(limits.classes[reading.replicaClass], joules), bbWeightGrams: bb };
}

/** What the check-in page keeps on the device to work offline: the roster and the codes' SHA-256. */
export const checkInData = z.object({
  event: z.object({ id: z.uuid(), title: z.string(), date: z.string(), timeZone: z.string() }),
  players: z.array(gatePlayer.extend({ codeDigest: z.string() })),
  abilities: z.object({ canCheckIn: z.boolean(), canChrono: z.boolean() }),
  /** The event's chrono limits, for verdicts on the device. */
  chronoLimits,
  /** The waiver the event requires now (signed at the gate when missing or outdated), or null. */
  waiver: eventWaiver.nullable(),
  generatedAt: z.string(),
});
export type CheckInData = z.infer<typeof checkInData>;

const chronoReadingFields = {
  code: codeField.optional(),
  userId: uuid().optional(),
  replicaClass: z.enum(REPLICA_CLASSES),
  fps: z.number().positive().max(1000).optional(),
  bbWeightGrams: z.number().min(0.1).max(0.6).optional(),
  joules: z.number().positive().max(20).optional(),
};
const oneTarget = (b: { code?: string; userId?: string }) =>
  (b.code === undefined) !== (b.userId === undefined);
const oneMeasure = (b: { fps?: number; joules?: number }) =>
  (b.fps === undefined) !== (b.joules === undefined);
const TARGET_MESSAGE = { message: 'Give a ticket code or a userId', path: ['code'] };
const MEASURE_MESSAGE = { message: 'Give fps (with bbWeightGrams) or joules', path: ['fps'] };

/** One of code or userId; fps (with the BB weight, default the event's, else 0.20 g) or joules. */
export const chronoBody = z
  .object(chronoReadingFields)
  .refine(oneTarget, TARGET_MESSAGE)
  .refine(oneMeasure, MEASURE_MESSAGE);
export type ChronoBody = z.infer<typeof chronoBody>;
export const chronoAnswer = z.object({
  joules: z.number(),
  limitJoules: z.number().nullable(),
  pass: z.boolean(),
});
export type ChronoAnswer = z.infer<typeof chronoAnswer>;

export const CHRONO_BATCH_MAX = 500;
/** A reading made at the gate (offline or not): chronoBody's fields with the device's time and id. */
export const offlineChronoReading = z
  .object({
    ...chronoReadingFields,
    /** ISO date-time of the reading on the device. */
    measuredAt: z.iso.datetime({ offset: true }),
    deviceId: text().trim().min(1).max(100),
  })
  .refine(oneTarget, TARGET_MESSAGE)
  .refine(oneMeasure, MEASURE_MESSAGE);
export type OfflineChronoReading = z.infer<typeof offlineChronoReading>;
export const chronoBatchBody = z.object({
  readings: z.array(offlineChronoReading).min(1).max(CHRONO_BATCH_MAX),
});
export const chronoBatchAnswer = z.object({
  results: z.array(
    z.object({
      /**
       * recorded; already (the same reading was synced before: kept once); unknown (no such
       * registered player); refused (dated after the server's clock: `message` says so).
       */
      status: z.enum(['recorded', 'already', 'unknown', 'refused']),
      userId: z.uuid().nullable(),
      joules: z.number().nullable(),
      limitJoules: z.number().nullable(),
      pass: z.boolean().nullable(),
      message: z.string().nullable(),
    }),
  ),
});
export type ChronoBatchAnswer = z.infer<typeof chronoBatchAnswer>;

/**
 * POST /api/events/{id}/roster/{userId}/waiver: a player signs the waiver on an organiser's
 * phone at the gate; `version` is the text's version the device showed (409 if it changed since).
 */
export const gateWaiverBody = waiverAnswers.extend({ version: z.number().int().positive() });
export type GateWaiverBody = z.input<typeof gateWaiverBody>;
export const gateWaiverAnswer = z.object({ player: gatePlayer });
export type GateWaiverAnswer = z.infer<typeof gateWaiverAnswer>;

/** 09:12 in the event's time zone. */
export function gateTime(iso: string, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone }).format(
      new Date(iso),
    );
  } catch {
    return new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
  }
}

export const CHECKIN_TEXTS = {
  ticketTitle: 'Your ticket',
  ticketHint: 'Show this code at the gate, or read it out.',
  print: 'Print ticket',
  myGames: 'My games',
  myGamesEmpty: 'No upcoming games. Register for an event and your ticket appears here.',
  myGamesFailed: 'Could not load your games.',
  waitlisted: 'On the waitlist: no ticket yet',
  ticketNotFound: 'No ticket: you are not registered for this event',
  unknownTicket: 'Unknown ticket for this event',
  notRegistered: 'This player is not registered for this event',
  checkInTitle: 'Check-in',
  scan: 'Scan',
  stopScan: 'Stop scanning',
  cameraFailed: 'The camera could not be opened. Type the code instead.',
  typeCode: 'Ticket code',
  checkIn: 'Check in',
  search: 'Search the roster',
  noMatch: 'No player matches.',
  checkedIn: 'Checked in',
  notCheckedIn: 'Not checked in',
  alreadyCheckedIn: (time: string) => `Already checked in at ${time}`,
  justCheckedIn: (time: string) => `Checked in at ${time}`,
  queued: (time: string) => `Checked in at ${time} (offline, will sync)`,
  /** The sync state line: what still waits on the device, e.g. '2 scans, 1 chrono reading waiting to sync'. */
  waiting: (n: number, readings = 0, signatures = 0) =>
    `${[
      n > 0 ? (n === 1 ? '1 scan' : `${n} scans`) : '',
      readings > 0 ? (readings === 1 ? '1 chrono reading' : `${readings} chrono readings`) : '',
      signatures > 0 ? (signatures === 1 ? '1 waiver signature' : `${signatures} waiver signatures`) : '',
    ]
      .filter(Boolean)
      .join(', ')} waiting to sync`,
  allSynced: 'All synced',
  offline: 'Offline: scans are kept on this device',
  side: 'Side',
  waiver: 'Waiver',
  waiverUnavailable: 'not available',
  chrono: 'Chrono',
  chronoNone: 'not measured',
  pass: 'PASS',
  fail: 'FAIL',
  record: 'Record chrono',
  joules: 'Joules',
  limit: (j: number | null) => (j === null ? 'No limit stated' : `Limit ${j.toFixed(2)} J`),
  loadFailed: 'Could not load the roster.',
  forbidden: 'Only the event’s organisers run its check-in.',
  players: (checked: number, total: number) => `${checked} of ${total} checked in`,
  player: 'Player',
  fps: 'fps',
  bbWeight: 'BB (g)',
  invalidReading: 'Enter the fps (up to 1000) and a BB weight between 0.10 and 0.60 g',
  readingRefused: 'A reading is dated after the server’s clock: check this device’s time',
  readingsRefused: (n: number) =>
    n === 1
      ? '1 chrono reading was not kept (unknown player or a wrong device clock)'
      : `${n} chrono readings were not kept (unknown player or a wrong device clock)`,
  readingQueued: 'Recorded on this device: it syncs when the network is back',
  limitsMissing: 'This device’s roster has no chrono limits yet: reload the page with network',
  signWaiver: 'Sign the waiver',
  signWaiverAction: 'Sign (witnessed)',
  signWaiverHint: (player: string) =>
    `Hand the phone to ${player}: they read the waiver and sign it; you witness it.`,
  waiverSigned: 'Waiver signed',
  waiverSignedOffline: 'Waiver signed on this device: it syncs when the network is back',
  noWaiverRequired: 'This event requires no waiver',
  waiverVersionChanged:
    'The waiver changed since this device loaded it: reload the check-in page and sign the new text',
  signatureRefused: (player: string, reason: string) =>
    `${player}’s waiver signature was not accepted (${reason}): they still need to sign`,
} as const;
