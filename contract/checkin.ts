import { text, uuid } from './common';
import { REPLICA_CLASSES } from './garage';
import { z } from './messages';

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

/** What the check-in page keeps on the device to work offline: the roster and the codes' SHA-256. */
export const checkInData = z.object({
  event: z.object({ id: z.uuid(), title: z.string(), date: z.string(), timeZone: z.string() }),
  players: z.array(gatePlayer.extend({ codeDigest: z.string() })),
  abilities: z.object({ canCheckIn: z.boolean(), canChrono: z.boolean() }),
  generatedAt: z.string(),
});
export type CheckInData = z.infer<typeof checkInData>;

/** One of code or userId; fps (with the BB weight, default 0.20 g) or joules. */
export const chronoBody = z
  .object({
    code: codeField.optional(),
    userId: uuid().optional(),
    replicaClass: z.enum(REPLICA_CLASSES),
    fps: z.number().positive().max(1000).optional(),
    bbWeightGrams: z.number().min(0.1).max(0.6).optional(),
    joules: z.number().positive().max(20).optional(),
  })
  .refine((b) => (b.code === undefined) !== (b.userId === undefined), {
    message: 'Give a ticket code or a userId',
    path: ['code'],
  })
  .refine((b) => (b.fps === undefined) !== (b.joules === undefined), {
    message: 'Give fps (with bbWeightGrams) or joules',
    path: ['fps'],
  });
export type ChronoBody = z.infer<typeof chronoBody>;
export const chronoAnswer = z.object({
  joules: z.number(),
  limitJoules: z.number().nullable(),
  pass: z.boolean(),
});
export type ChronoAnswer = z.infer<typeof chronoAnswer>;

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
  waiting: (n: number) => (n === 1 ? '1 scan waiting to sync' : `${n} scans waiting to sync`),
  allSynced: 'All scans synced',
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
} as const;
