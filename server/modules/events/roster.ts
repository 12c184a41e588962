import { stringify } from 'csv-stringify/sync';
import { asc, eq, sql } from 'drizzle-orm';
import type { RosterAnswer, RosterEntry } from '../../../contract';
import { GAME_DAY_TEXTS, WAIVER_STATE_LABELS } from '../../../contract';
import type { Db } from '../../db/client';
import { iso } from '../../db/rows';
import { eventRegistrations, eventSides, events, users } from '../../db/schema';
import type { SessionUser } from '../auth';
import { requireOrganiser } from './organisers';
import { selectEventWaiver, waiverStateOf } from './waivers';

/**
 * The roster (issue 25, organisers): the event's registered players and waitlist, in arrival
 * order, with each one's waiver state. One statement for the players, whatever their number.
 *
 * Extension points (sides, check-in, chrono come with other parts of issue 25): add the columns
 * to ROSTER_COLUMNS (joined in selectRoster), the fields to contract/game-day.ts rosterEntry and
 * presentRosterEntry, and a CSV column to ROSTER_CSV_COLUMNS.
 */

const r = eventRegistrations;

/** The latest signature of the player for the event (a lateral pick: one row per player). */
const latestSignature = sql<{ hash: string; version: number; signedAt: string; minor: boolean } | null>`(
  SELECT json_build_object('hash', s.text_hash, 'version', s.version, 'signedAt', s.created_at,
                           'minor', s.guardian_name IS NOT NULL)
  FROM waiver_signatures s
  WHERE s.event_id = event_registrations.event_id AND s.user_id = event_registrations.user_id
  ORDER BY s.created_at DESC, s.id DESC LIMIT 1)`;

/** The roster's columns: extension point for other game-day parts (see above). */
const ROSTER_COLUMNS = {
  userId: r.userId,
  username: users.username,
  status: r.status,
  position: sql<number>`row_number() OVER (PARTITION BY ${r.status} ORDER BY ${r.seq})::int`,
  registeredAt: r.createdAt,
  signature: latestSignature,
  side: eventSides.name,
  checkedInAt: sql<string | null>`(SELECT c.checked_in_at FROM event_check_ins c
    WHERE c.event_id = event_registrations.event_id AND c.user_id = event_registrations.user_id)`,
  chronoPass: sql<boolean | null>`(SELECT x.pass FROM event_chrono_results x
    WHERE x.event_id = event_registrations.event_id AND x.user_id = event_registrations.user_id
    ORDER BY x.measured_at DESC, x.id DESC LIMIT 1)`,
};

export const selectRoster = (db: Db, eventId: string) =>
  db
    .select(ROSTER_COLUMNS)
    .from(r)
    .innerJoin(users, eq(users.id, r.userId))
    .leftJoin(eventSides, eq(eventSides.id, r.sideId))
    .where(eq(r.eventId, eventId))
    .orderBy(sql`${r.status} = 'waitlisted'`, r.seq);
type RosterRow = Awaited<ReturnType<typeof selectRoster>>[number];

function presentRosterEntry(row: RosterRow, required: { textHash: string } | null): RosterEntry {
  const sig = row.signature;
  return {
    userId: row.userId,
    username: row.username,
    status: row.status,
    position: row.position,
    registeredAt: iso(row.registeredAt),
    side: row.side ?? null,
    checkedInAt: row.checkedInAt ? iso(row.checkedInAt) : null,
    chrono: row.chronoPass === null || row.chronoPass === undefined ? null : row.chronoPass ? 'pass' : 'fail',
    waiver: {
      state: waiverStateOf(required, sig?.hash ?? null),
      version: sig?.version ?? null,
      signedAt: sig ? iso(sig.signedAt) : null,
      minor: sig?.minor ?? false,
    },
  };
}

/** GET /api/events/{id}/roster (organisers: 401, 404, 403 otherwise). */
export async function getRoster(db: Db, user: SessionUser | null, eventId: string): Promise<RosterAnswer> {
  await requireOrganiser(db, user, eventId);
  const facts = await selectEventWaiver(db, eventId);
  const [e] = await db
    .select({ id: events.id, title: events.title, date: events.date, timeZone: events.timeZone })
    .from(events)
    .where(eq(events.id, eventId));
  const list = await selectRoster(db, eventId);
  const sides = await db
    .select({ id: eventSides.id, name: eventSides.name })
    .from(eventSides)
    .where(eq(eventSides.eventId, eventId))
    .orderBy(asc(eventSides.position));
  const required = facts?.waiver ?? null;
  return {
    eventId: e.id,
    title: e.title,
    date: iso(e.date),
    timeZone: e.timeZone,
    waiver: required ? { version: required.version } : null,
    sides,
    entries: list.map((row) => presentRosterEntry(row, required)),
  };
}

// ---------------------------------------------------------------------------------------------
// CSV

/** The CSV's columns: a header and a cell per entry (extension point, as ROSTER_COLUMNS). */
export const ROSTER_CSV_COLUMNS: ReadonlyArray<{
  header: string;
  cell: (e: RosterEntry) => string | number;
}> = [
  { header: GAME_DAY_TEXTS.columns.position, cell: (e) => e.position },
  { header: GAME_DAY_TEXTS.columns.name, cell: (e) => e.username },
  { header: GAME_DAY_TEXTS.columns.status, cell: (e) => GAME_DAY_TEXTS.statusLabels[e.status] ?? e.status },
  { header: GAME_DAY_TEXTS.columns.registeredAt, cell: (e) => e.registeredAt },
  { header: GAME_DAY_TEXTS.columns.side, cell: (e) => e.side ?? '' },
  { header: GAME_DAY_TEXTS.columns.checkedIn, cell: (e) => e.checkedInAt ?? '' },
  {
    header: GAME_DAY_TEXTS.columns.chrono,
    cell: (e) => (e.chrono ? GAME_DAY_TEXTS.chronoVerdicts[e.chrono] : ''),
  },
  { header: GAME_DAY_TEXTS.columns.waiver, cell: (e) => WAIVER_STATE_LABELS[e.waiver.state] },
  { header: 'Waiver version', cell: (e) => e.waiver.version ?? '' },
  { header: 'Waiver signed at', cell: (e) => e.waiver.signedAt ?? '' },
  { header: 'Minor', cell: (e) => (e.waiver.minor ? 'yes' : '') },
];

/**
 * A cell a spreadsheet would run as a formula (it begins with =, +, -, @, a tab or a carriage
 * return: OWASP's CSV injection) is written with a leading apostrophe, so it reads as text.
 */
export function safeCell(value: string | number): string {
  const text = String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** The roster as CSV (RFC 4180 quoting by csv-stringify; every cell made safe). */
export function rosterCsv(roster: RosterAnswer): string {
  const records = roster.entries.map((e) => ROSTER_CSV_COLUMNS.map((c) => safeCell(c.cell(e))));
  return stringify([ROSTER_CSV_COLUMNS.map((c) => safeCell(c.header)), ...records], {
    record_delimiter: 'windows',
    bom: true,
  });
}

/** 'roster-<title>.csv', with only safe characters in the name. */
export const rosterFileName = (title: string) =>
  `roster-${
    title
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'event'
  }.csv`;
