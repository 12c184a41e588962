import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  CHECKIN_TEXTS,
  type CheckInAnswer,
  type CheckInBatchAnswer,
  type CheckInBody,
  type CheckInData,
  type ChronoAnswer,
  type ChronoBatchAnswer,
  type ChronoBody,
  type ChronoResult,
  chronoLimitsOf,
  EVENT_TEXTS,
  type GatePlayer,
  type GateWaiverAnswer,
  type GateWaiverBody,
  isTicketShape,
  judgeReading,
  type MyGame,
  normaliseTicketCode,
  type OfflineChronoReading,
  type OfflineScan,
  type TicketAnswer,
} from '../../../contract';
import type { Db } from '../../db/client';
import { iso } from '../../db/rows';
import {
  eventCheckIns,
  eventChronoResults,
  eventRegistrations,
  eventSides,
  events,
  users,
} from '../../db/schema';
import { notFound, unauthorized } from '../../errors';
import type { SessionUser } from '../auth';
import { requireOrganiser, selectEventWaiver, signWaiverAsWitness, waiverStateOf } from '../events';
import { can } from './policy';
import { codeDigest, type TicketKey, ticketCode } from './tickets';

/** A scan's time may not be later than the server's clock (a device's clock running fast). */
const MAX_CLOCK_SKEW_MS = 60_000;
/** Games still listed in "My games" this long after their start (the day itself). */
const MY_GAMES_GRACE_MS = 12 * 3_600_000;

async function eventRow(db: Db, eventId: string) {
  const [row] = await db
    .select({
      id: events.id,
      title: events.title,
      date: events.date,
      timeZone: events.timeZone,
      rules: events.rules,
    })
    .from(events)
    .where(eq(events.id, eventId));
  if (!row) throw notFound(EVENT_TEXTS.eventNotFound);
  return row;
}

/** The event's registered players with their codes (recomputed; nothing stored). */
async function registeredWithCodes(db: Db, key: TicketKey, eventId: string) {
  const regs = await db
    .select({ id: eventRegistrations.id, userId: eventRegistrations.userId })
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.status, 'registered')));
  return regs.map((r) => ({ ...r, code: ticketCode(key, eventId, r.id) }));
}

/** The registered player a code (of this event) or a user id stands for; 404 otherwise. */
async function resolvePlayer(
  db: Db,
  key: TicketKey,
  eventId: string,
  target: { code?: string; userId?: string },
) {
  if (target.userId !== undefined) {
    const [reg] = await db
      .select({ userId: eventRegistrations.userId })
      .from(eventRegistrations)
      .where(
        and(
          eq(eventRegistrations.eventId, eventId),
          eq(eventRegistrations.userId, target.userId),
          eq(eventRegistrations.status, 'registered'),
        ),
      );
    if (!reg) throw notFound(CHECKIN_TEXTS.notRegistered);
    return reg.userId;
  }
  const code = normaliseTicketCode(target.code ?? '');
  if (!isTicketShape(code)) throw notFound(CHECKIN_TEXTS.unknownTicket);
  const match = (await registeredWithCodes(db, key, eventId)).find((r) => r.code === code);
  if (!match) throw notFound(CHECKIN_TEXTS.unknownTicket);
  return match.userId;
}

const measurer = alias(users, 'measurer');

/** The gate's view of players of an event: who, check-in, chrono results (oldest first). */
async function gatePlayers(db: Db, eventId: string, userIds: string[]): Promise<Map<string, GatePlayer>> {
  const out = new Map<string, GatePlayer>();
  if (userIds.length === 0) return out;
  const people = await db
    .select({
      userId: users.id,
      username: users.username,
      avatar: users.avatar,
      checkedInAt: eventCheckIns.checkedInAt,
      side: eventSides.name,
      // The player's latest signature of the event's waiver (issue 25), compared with the text required now.
      signedHash: sql<string | null>`(SELECT s.text_hash FROM waiver_signatures s
        WHERE s.event_id = ${eventId} AND s.user_id = ${users.id}
        ORDER BY s.created_at DESC, s.id DESC LIMIT 1)`,
    })
    .from(users)
    .leftJoin(eventCheckIns, and(eq(eventCheckIns.userId, users.id), eq(eventCheckIns.eventId, eventId)))
    .leftJoin(
      eventRegistrations,
      and(eq(eventRegistrations.userId, users.id), eq(eventRegistrations.eventId, eventId)),
    )
    .leftJoin(eventSides, eq(eventSides.id, eventRegistrations.sideId))
    .where(inArray(users.id, userIds));
  const required = (await selectEventWaiver(db, eventId))?.waiver ?? null;
  for (const p of people)
    out.set(p.userId, {
      userId: p.userId,
      username: p.username,
      avatar: p.avatar,
      side: p.side ?? null,
      waiver: waiverStateOf(required, p.signedHash),
      checkedInAt: p.checkedInAt ? iso(p.checkedInAt) : null,
      chrono: [],
    });
  const results = await db
    .select({ r: eventChronoResults, by: measurer.username })
    .from(eventChronoResults)
    .leftJoin(measurer, eq(measurer.id, eventChronoResults.measuredBy))
    .where(and(eq(eventChronoResults.eventId, eventId), inArray(eventChronoResults.userId, userIds)))
    .orderBy(asc(eventChronoResults.measuredAt));
  for (const { r, by } of results) out.get(r.userId)?.chrono.push(presentChrono(r, by));
  return out;
}

function presentChrono(r: typeof eventChronoResults.$inferSelect, by: string | null): ChronoResult {
  return {
    replicaClass: r.replicaClass,
    fps: r.fps,
    bbWeightGrams: r.bbWeightGrams,
    joules: r.joules,
    limitJoules: r.limitJoules,
    pass: r.pass,
    measuredAt: iso(r.measuredAt),
    measuredBy: by,
  };
}

/** GET /api/events/{id}/ticket: the viewer's code; 401 signed out, 404 no event or not registered. */
export async function viewerTicket(
  db: Db,
  key: TicketKey,
  user: SessionUser | null,
  eventId: string,
): Promise<TicketAnswer> {
  if (!user) throw unauthorized();
  await eventRow(db, eventId);
  const [reg] = await db
    .select({ id: eventRegistrations.id, status: eventRegistrations.status })
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.userId, user.id)));
  if (!can(user, 'viewTicket', { isOrganiser: false, isRegistered: reg?.status === 'registered' }) || !reg)
    throw notFound(CHECKIN_TEXTS.ticketNotFound);
  return { code: ticketCode(key, eventId, reg.id) };
}

/** GET /api/user/games: the viewer's upcoming places, soonest first, with tickets. */
export async function myGames(db: Db, key: TicketKey, user: SessionUser): Promise<MyGame[]> {
  const rows = await db
    .select({
      regId: eventRegistrations.id,
      status: eventRegistrations.status,
      eventId: events.id,
      title: events.title,
      date: events.date,
      timeZone: events.timeZone,
      location: events.location,
      checkedInAt: eventCheckIns.checkedInAt,
    })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .leftJoin(
      eventCheckIns,
      and(
        eq(eventCheckIns.eventId, eventRegistrations.eventId),
        eq(eventCheckIns.userId, eventRegistrations.userId),
      ),
    )
    .where(
      and(eq(eventRegistrations.userId, user.id), gte(events.date, new Date(Date.now() - MY_GAMES_GRACE_MS))),
    )
    .orderBy(asc(events.date), asc(events.id))
    .limit(100);
  return rows.map((r) => ({
    eventId: r.eventId,
    title: r.title,
    date: iso(r.date),
    timeZone: r.timeZone || 'UTC',
    location: r.location,
    status: r.status,
    code: r.status === 'registered' ? ticketCode(key, r.eventId, r.regId) : null,
    checkedInAt: r.checkedInAt ? iso(r.checkedInAt) : null,
  }));
}

/** POST /api/events/{id}/check-ins: idempotent; a second time keeps and answers the first time. */
export async function checkIn(
  db: Db,
  key: TicketKey,
  user: SessionUser | null,
  eventId: string,
  body: CheckInBody,
): Promise<CheckInAnswer> {
  await requireOrganiser(db, user, eventId);
  const userId = await resolvePlayer(db, key, eventId, body);
  const inserted = await db
    .insert(eventCheckIns)
    .values({ eventId, userId, checkedInAt: new Date(), checkedInBy: user?.id ?? null })
    .onConflictDoNothing()
    .returning({ at: eventCheckIns.checkedInAt });
  const player = (await gatePlayers(db, eventId, [userId])).get(userId);
  if (!player?.checkedInAt) throw notFound(CHECKIN_TEXTS.notRegistered);
  return { player, alreadyCheckedIn: inserted.length === 0, checkedInAt: player.checkedInAt };
}

/**
 * POST /api/events/{id}/check-ins/batch: scans made offline, from any number of devices. Each
 * known code is upserted keeping the earliest scannedAt (never later than now), so replays and
 * the same ticket scanned on two devices settle on the first scan; unknown codes are answered
 * 'unknown', not dropped silently.
 */
export async function checkInBatch(
  db: Db,
  key: TicketKey,
  user: SessionUser | null,
  eventId: string,
  scans: OfflineScan[],
): Promise<CheckInBatchAnswer> {
  await requireOrganiser(db, user, eventId);
  const byCode = new Map((await registeredWithCodes(db, key, eventId)).map((r) => [r.code, r.userId]));
  const now = Date.now();
  const registeredIds = new Set(byCode.values());
  const resolved = scans.map((s) => ({
    code: s.code ?? null,
    userId:
      s.code !== undefined
        ? (byCode.get(normaliseTicketCode(s.code)) ?? null)
        : s.userId && registeredIds.has(s.userId)
          ? s.userId
          : null,
    at: new Date(Math.min(Date.parse(s.scannedAt), now + MAX_CLOCK_SKEW_MS)),
    deviceId: s.deviceId,
  }));
  const known = resolved.filter((r) => r.userId !== null) as ((typeof resolved)[number] & {
    userId: string;
  })[];
  const userIds = [...new Set(known.map((r) => r.userId))];
  const before = new Set(
    userIds.length === 0
      ? []
      : (
          await db
            .select({ userId: eventCheckIns.userId })
            .from(eventCheckIns)
            .where(and(eq(eventCheckIns.eventId, eventId), inArray(eventCheckIns.userId, userIds)))
        ).map((r) => r.userId),
  );
  // Earliest first, one statement each: the row only ever moves back in time.
  for (const r of [...known].sort((a, b) => a.at.getTime() - b.at.getTime()))
    await db
      .insert(eventCheckIns)
      .values({
        eventId,
        userId: r.userId,
        checkedInAt: r.at,
        checkedInBy: user?.id ?? null,
        deviceId: r.deviceId,
      })
      .onConflictDoUpdate({
        target: [eventCheckIns.eventId, eventCheckIns.userId],
        set: {
          checkedInAt: sql`excluded.checked_in_at`,
          deviceId: sql`excluded.device_id`,
          checkedInBy: sql`excluded.checked_in_by`,
        },
        setWhere: sql`excluded.checked_in_at < ${eventCheckIns.checkedInAt}`,
      });
  const after =
    userIds.length === 0
      ? new Map<string, Date>()
      : new Map(
          (
            await db
              .select({ userId: eventCheckIns.userId, at: eventCheckIns.checkedInAt })
              .from(eventCheckIns)
              .where(and(eq(eventCheckIns.eventId, eventId), inArray(eventCheckIns.userId, userIds)))
          ).map((r) => [r.userId, r.at]),
        );
  const seen = new Set<string>();
  return {
    results: resolved.map((r) => {
      if (!r.userId) return { code: r.code, status: 'unknown' as const, userId: null, checkedInAt: null };
      const first = !before.has(r.userId) && !seen.has(r.userId);
      seen.add(r.userId);
      const at = after.get(r.userId);
      return {
        code: r.code,
        status: first ? ('checked-in' as const) : ('already' as const),
        userId: r.userId,
        checkedInAt: at ? iso(at) : null,
      };
    }),
  };
}

/** GET /api/events/{id}/check-in-data: the roster with the codes' digests, for the page offline. */
export async function checkInData(
  db: Db,
  key: TicketKey,
  user: SessionUser | null,
  eventId: string,
): Promise<CheckInData> {
  await requireOrganiser(db, user, eventId);
  const event = await eventRow(db, eventId);
  const regs = await registeredWithCodes(db, key, eventId);
  const required = (await selectEventWaiver(db, eventId))?.waiver ?? null;
  const players = await gatePlayers(
    db,
    eventId,
    regs.map((r) => r.userId),
  );
  return {
    event: { id: event.id, title: event.title, date: iso(event.date), timeZone: event.timeZone || 'UTC' },
    players: regs
      .flatMap((r) => {
        const p = players.get(r.userId);
        return p ? [{ ...p, codeDigest: codeDigest(r.code) }] : [];
      })
      .sort((a, b) => a.username.localeCompare(b.username)),
    abilities: { canCheckIn: true, canChrono: true },
    chronoLimits: chronoLimitsOf(event.rules),
    waiver: required ? { version: required.version, text: required.text } : null,
    generatedAt: new Date().toISOString(),
  };
}

/** POST /api/events/{id}/chrono: the reading against the event's limit for the class, kept with the ticket. */
export async function recordChrono(
  db: Db,
  key: TicketKey,
  user: SessionUser | null,
  eventId: string,
  body: ChronoBody,
): Promise<ChronoAnswer> {
  await requireOrganiser(db, user, eventId);
  const event = await eventRow(db, eventId);
  const userId = await resolvePlayer(db, key, eventId, body);
  const { bbWeightGrams, ...verdict } = judgeReading(chronoLimitsOf(event.rules), body);
  await db.insert(eventChronoResults).values({
    eventId,
    userId,
    replicaClass: body.replicaClass,
    fps: body.fps ?? null,
    bbWeightGrams,
    joules: verdict.joules,
    limitJoules: verdict.limitJoules,
    pass: verdict.pass,
    measuredBy: user?.id ?? null,
  });
  return verdict;
}

/**
 * POST /api/events/{id}/chrono/batch: readings made at the gate (offline), judged again here (the
 * server is the truth), kept with the device's time (refused when later than the server's clock
 * allows) and measured by the organiser who syncs. The same reading sent twice (device, player,
 * time) is kept once ('already').
 */
export async function recordChronoBatch(
  db: Db,
  key: TicketKey,
  user: SessionUser | null,
  eventId: string,
  readings: OfflineChronoReading[],
): Promise<ChronoBatchAnswer> {
  await requireOrganiser(db, user, eventId);
  const event = await eventRow(db, eventId);
  const limits = chronoLimitsOf(event.rules);
  const regs = await registeredWithCodes(db, key, eventId);
  const byCode = new Map(regs.map((r) => [r.code, r.userId]));
  const registeredIds = new Set(regs.map((r) => r.userId));
  const latest = Date.now() + MAX_CLOCK_SKEW_MS;
  const results: ChronoBatchAnswer['results'] = [];
  for (const r of readings) {
    const userId =
      r.code !== undefined
        ? (byCode.get(normaliseTicketCode(r.code)) ?? null)
        : r.userId && registeredIds.has(r.userId)
          ? r.userId
          : null;
    const none = { joules: null, limitJoules: null, pass: null };
    if (!userId) {
      results.push({ status: 'unknown', userId: null, ...none, message: CHECKIN_TEXTS.notRegistered });
      continue;
    }
    const at = Date.parse(r.measuredAt);
    if (at > latest) {
      results.push({ status: 'refused', userId, ...none, message: CHECKIN_TEXTS.readingRefused });
      continue;
    }
    const { bbWeightGrams, ...verdict } = judgeReading(limits, r);
    const inserted = await db
      .insert(eventChronoResults)
      .values({
        eventId,
        userId,
        replicaClass: r.replicaClass,
        fps: r.fps ?? null,
        bbWeightGrams,
        joules: verdict.joules,
        limitJoules: verdict.limitJoules,
        pass: verdict.pass,
        measuredBy: user?.id ?? null,
        measuredAt: new Date(at),
        deviceId: r.deviceId,
      })
      .onConflictDoNothing()
      .returning({ id: eventChronoResults.id });
    results.push({
      status: inserted.length > 0 ? 'recorded' : 'already',
      userId,
      ...verdict,
      message: null,
    });
  }
  return { results };
}

/**
 * POST /api/events/{id}/roster/{userId}/waiver: the player signs the current text on the
 * organiser's phone (the organiser kept as witness); the player must be registered (404).
 */
export async function signWaiverAtGate(
  db: Db,
  key: TicketKey,
  user: SessionUser | null,
  eventId: string,
  playerId: string,
  body: GateWaiverBody,
): Promise<GateWaiverAnswer> {
  if (!user) throw unauthorized();
  await requireOrganiser(db, user, eventId);
  const userId = await resolvePlayer(db, key, eventId, { userId: playerId });
  const { version, ...answers } = body;
  await signWaiverAsWitness(db, eventId, userId, user.id, version, answers);
  const player = (await gatePlayers(db, eventId, [userId])).get(userId);
  if (!player) throw notFound(CHECKIN_TEXTS.notRegistered);
  return { player };
}
