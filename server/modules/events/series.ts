import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import {
  type CreateSeriesBody,
  createSeriesBody,
  type EditScope,
  EVENT_TEXTS,
  type Event,
  type EventSeriesAnswer,
  type EventSideInput,
  FIELD_TEXTS,
  PRODUCT_NAME,
  SERIES_TEXTS,
  type SeriesGame,
  seriesDates,
  seriesIcsPath,
  shiftedLike,
  TEAM_TEXTS,
  type UpdateEventBody,
  updateEventBody,
} from '../../../contract';
import type { Db } from '../../db/client';
import { rows } from '../../db/rows';
import { eventSeries, eventSides, events, eventWaivers, fields, teams } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { audit } from '../audit';
import type { SessionUser } from '../auth';
import { type NotifyOptions, notify } from '../notifications';
import { FEED_MAX_EVENTS, toICalendar } from './ics';
import { isOrganiser, requireOrganiser } from './organisers';
import { ICS_COLUMNS } from './queries';
import { CONFIRM_BEFORE_MS, unconfirmedKey } from './series-rules';
import { getEvent } from './service';
import { lockSides } from './sides';
import { updateEvent } from './writes';
import { eventsWritten } from './written';

/**
 * Weekly games without copying (issue 26): a series made from an event (each further game its own
 * event: the event's fields, rules, sides and waiver copied, never its registrations), the series
 * page, "this and following" edits in one transaction, a game's confirmation and the flag of games
 * not confirmed a week before, and the public calendar feeds of a series, a team and a field.
 */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
const asDb = (tx: Tx) => tx as unknown as Db;

/**
 * POST /api/events/{id}/series: its organisers (events policy 'manage') make the event the first
 * game of a series and add the further games (contract/series.ts seriesDates: the local time kept
 * across daylight saving, at most a year ahead). 409 when it already is in a series or has
 * started; 400 for dates beyond the year or a count that does not fit in it.
 */
export async function createSeries(
  db: Db,
  user: SessionUser,
  eventId: string,
  input: CreateSeriesBody,
): Promise<EventSeriesAnswer> {
  await requireOrganiser(db, user, eventId);
  const body = createSeriesBody.parse(input);
  const seriesId = await db.transaction(async (t) => {
    const tx = asDb(t);
    const [e] = await tx.select().from(events).where(eq(events.id, eventId)).for('update');
    if (!e) throw notFound(EVENT_TEXTS.eventNotFound);
    if (e.seriesId) throw conflict(SERIES_TEXTS.alreadySeries);
    if (e.date.getTime() < Date.now()) throw conflict(SERIES_TEXTS.pastEvent);
    const plan = seriesDates(
      { date: e.date.toISOString(), endsAt: e.endDate?.toISOString() ?? null, timeZone: e.timeZone },
      body,
    );
    if (!plan.ok) throw badRequest(plan.message, { [plan.path]: [plan.message] });
    const [series] = await tx
      .insert(eventSeries)
      .values({ frequency: body.frequency, createdBy: user.id })
      .returning({ id: eventSeries.id });
    await tx.update(events).set({ seriesId: series.id }).where(eq(events.id, eventId));
    const games = await tx
      .insert(events)
      .values(
        plan.dates.slice(1).map((d) => ({
          title: e.title,
          description: e.description,
          date: new Date(d.date),
          endDate: d.endsAt ? new Date(d.endsAt) : null,
          timeZone: e.timeZone,
          location: e.location,
          address: e.address,
          lat: e.lat,
          lng: e.lng,
          type: e.type,
          image: e.image,
          capacity: e.capacity,
          url: e.url,
          rules: e.rules,
          fieldId: e.fieldId,
          hostTeamId: e.hostTeamId,
          seriesId: series.id,
        })),
      )
      .returning({ id: events.id });
    // Its sides' definitions (empty: each game's own counters) and its waiver, for every game.
    const sides = await lockSides(tx, eventId);
    if (sides.length > 0)
      await tx.insert(eventSides).values(
        games.flatMap((g) =>
          sides.map((s, position) => ({
            eventId: g.id,
            position,
            name: s.name,
            colour: s.colour,
            capacity: s.capacity,
          })),
        ),
      );
    const [waiver] = await tx.select().from(eventWaivers).where(eq(eventWaivers.eventId, eventId));
    if (waiver)
      await tx.insert(eventWaivers).values(
        games.map((g) => ({
          eventId: g.id,
          text: waiver.text,
          textHash: waiver.textHash,
          version: waiver.version,
          updatedBy: user.id,
        })),
      );
    await audit(tx, {
      adminId: user.id,
      action: 'event.create',
      subjectType: 'event',
      subjectId: eventId,
      data: { title: e.title, seriesId: series.id, frequency: body.frequency, games: plan.dates.length },
    });
    // Issue 26: the new games are new events, matched against the saved searches by a queued job.
    await eventsWritten(
      tx,
      games.map((g) => g.id),
      user.id,
    );
    return series.id;
  });
  return getSeries(db, seriesId, user);
}

/** GET /api/event-series/{id}: its games, soonest first, with their status; 404 when unknown. */
export async function getSeries(db: Db, id: string, viewer: SessionUser | null): Promise<EventSeriesAnswer> {
  const [series] = await db
    .select({ id: eventSeries.id, frequency: eventSeries.frequency })
    .from(eventSeries)
    .where(eq(eventSeries.id, id));
  if (!series) throw notFound(SERIES_TEXTS.seriesNotFound);
  const list = await db
    .select({
      id: events.id,
      title: events.title,
      date: events.date,
      endDate: events.endDate,
      timeZone: events.timeZone,
      registeredCount: events.registeredCount,
      capacity: events.capacity,
      confirmedAt: events.confirmedAt,
      cancelledAt: events.cancelledAt,
    })
    .from(events)
    .where(eq(events.seriesId, id))
    .orderBy(asc(events.date), asc(events.id));
  // The organisers of its games (their host team's officers and admins): those of its first game.
  const canManage = viewer
    ? list.length > 0
      ? await isOrganiser(db, viewer, list[0].id)
      : viewer.role === 'admin'
    : false;
  const now = Date.now();
  const games: SeriesGame[] = list.map((g) => ({
    id: g.id,
    title: g.title,
    date: g.date.toISOString(),
    endsAt: g.endDate?.toISOString() ?? null,
    timeZone: g.timeZone,
    status: g.cancelledAt ? 'cancelled' : g.date.getTime() < now ? 'past' : 'scheduled',
    registeredCount: g.registeredCount,
    capacity: g.capacity,
    ...(canManage ? { confirmed: !!g.confirmedAt } : {}),
  }));
  return {
    id: series.id,
    frequency: series.frequency,
    games,
    icsUrl: seriesIcsPath(series.id),
    abilities: { canManage },
  };
}

/** POST /api/events/{id}/confirm: an organiser confirms a game of a series will run (idempotent); 409 outside a series. */
export async function confirmEvent(db: Db, user: SessionUser, eventId: string): Promise<Event> {
  await requireOrganiser(db, user, eventId);
  const [e] = await db
    .update(events)
    .set({ confirmedAt: sql`coalesce(${events.confirmedAt}, now())` })
    .where(and(eq(events.id, eventId), sql`${events.seriesId} IS NOT NULL`))
    .returning({ id: events.id });
  if (!e) throw conflict(SERIES_TEXTS.notInSeries);
  return getEvent(db, eventId, user);
}

/**
 * PATCH /api/events/{id}?scope=: `this` (and any event outside a series) the game alone
 * (writes.updateEvent); `following` the same change to this game and every later game of its
 * series, in one transaction (each game's own updateEvent, in date order: its checks, waitlist
 * moves and notices). A new start moves each later game by the same change of local wall-clock
 * time (days and time of day; contract/series.ts shiftedLike), its end along; a new end keeps each
 * game's end at the same local distance from its start; sides are matched by their position.
 */
export async function updateInScope(
  db: Db,
  user: SessionUser,
  id: string,
  input: UpdateEventBody,
  scope: EditScope,
  notice: NotifyOptions,
): Promise<Event> {
  if (scope === 'this') return updateEvent(db, user, id, input, notice);
  await requireOrganiser(db, user, id);
  const body = updateEventBody.parse(input);
  const [me] = await db
    .select({ seriesId: events.seriesId, date: events.date, timeZone: events.timeZone })
    .from(events)
    .where(eq(events.id, id));
  if (!me?.seriesId) return updateEvent(db, user, id, input, notice);
  const seriesId = me.seriesId;
  await db.transaction(async (t) => {
    const tx = asDb(t);
    const games = await tx
      .select({ id: events.id, date: events.date, endDate: events.endDate, timeZone: events.timeZone })
      .from(events)
      .where(and(eq(events.seriesId, seriesId), sql`(${events.date}, ${events.id}) >= (${me.date}, ${id})`))
      .orderBy(asc(events.date), asc(events.id));
    const mySides = body.sides ? await lockSides(tx, id) : [];
    const thisStart = me.date.toISOString();
    const newStart = body.date ?? thisStart;
    for (const g of games) {
      if (g.id === id) {
        await updateEvent(tx, user, id, body, notice, false);
        continue;
      }
      const patch: UpdateEventBody = { ...body };
      const start = g.date.toISOString();
      if (body.date) patch.date = shiftedLike(thisStart, body.date, start, g.timeZone);
      if (body.endsAt !== undefined)
        patch.endsAt =
          body.endsAt === null ? null : shiftedLike(newStart, body.endsAt, patch.date ?? start, g.timeZone);
      else if (body.date && g.endDate)
        patch.endsAt = shiftedLike(thisStart, body.date, g.endDate.toISOString(), g.timeZone);
      if (body.sides) {
        const theirs = await lockSides(tx, g.id);
        patch.sides = body.sides.map((s): EventSideInput => {
          const at = s.id ? mySides.findIndex((m) => m.id === s.id) : -1;
          const { id: _id, ...rest } = s;
          return at >= 0 && theirs[at] ? { ...rest, id: theirs[at].id } : rest;
        });
      }
      await updateEvent(tx, user, g.id, patch, notice, false);
    }
    // Issue 26: one match of the saved searches for every game written.
    await eventsWritten(
      tx,
      games.map((g) => g.id),
      user.id,
    );
  });
  return getEvent(db, id, user);
}

/**
 * The stale flag (issue 26; run by housekeeping with the reminders): every game of a series that
 * starts within CONFIRM_BEFORE_MS of `now`, not confirmed and not cancelled, is told once to its
 * organisers (the series' maker, and its host team's leader and co-leaders) as
 * 'event-unconfirmed'. Once per organiser and game, ever: the entry's dedupe key, and a run finds
 * only those without it. Answers the entries written.
 */
export async function flagUnconfirmedGames(
  db: Db,
  options: NotifyOptions,
  now = new Date(),
): Promise<number> {
  const until = new Date(now.getTime() + CONFIRM_BEFORE_MS);
  const due = await rows<{
    id: string;
    title: string;
    starts_at: string;
    location: string;
    recipients: string[];
  }>(
    db,
    sql`
    SELECT e.id, e.title, e.date AS starts_at, e.location, array_agg(DISTINCT o.user_id::text) AS recipients
    FROM events e
    JOIN event_series s ON s.id = e.series_id
    CROSS JOIN LATERAL (
      SELECT s.created_by AS user_id WHERE s.created_by IS NOT NULL
      UNION
      SELECT m.user_id FROM team_members m
      WHERE m.team_id = e.host_team_id AND m.role IN ('leader', 'co-leader')
    ) o
    WHERE e.series_id IS NOT NULL AND e.confirmed_at IS NULL AND e.cancelled_at IS NULL
      AND e.date > ${now.toISOString()}::timestamptz AND e.date <= ${until.toISOString()}::timestamptz
      AND NOT EXISTS (
        SELECT 1 FROM notifications n
        WHERE n.recipient_id = o.user_id AND n.dedupe_key = 'unconfirmed:' || e.id::text
      )
    GROUP BY e.id
    ORDER BY e.date`,
  );
  let written = 0;
  for (const e of due)
    written += await notify(
      db,
      {
        recipientIds: e.recipients,
        kind: 'event-unconfirmed',
        dedupeKey: unconfirmedKey(e.id),
        eventId: e.id,
        data: { title: e.title, startsAt: new Date(e.starts_at).toISOString(), location: e.location },
      },
      options,
    );
  return written;
}

// ---------------------------------------------------------------------------------------------
// Calendar feeds: a series, a team's events, a field's events (public; cancelled games left out)

/** GET /api/event-series/{id}.ics: every game of the series; 404 when unknown. */
export async function seriesCalendar(db: Db, id: string, origin: string | null): Promise<string> {
  const [series] = await db.select({ id: eventSeries.id }).from(eventSeries).where(eq(eventSeries.id, id));
  if (!series) throw notFound(SERIES_TEXTS.seriesNotFound);
  const list = await db
    .select(ICS_COLUMNS)
    .from(events)
    .where(and(eq(events.seriesId, id), isNull(events.cancelledAt)))
    .orderBy(asc(events.date), asc(events.id))
    .limit(FEED_MAX_EVENTS);
  const name = list[0] ? `${PRODUCT_NAME}: ${list[0].title}` : `${PRODUCT_NAME}: ${SERIES_TEXTS.series}`;
  return toICalendar(name, list, origin);
}

/** Events of a team or a field from a month ago on, soonest first. */
const hostedOrHeld = (db: Db, where: ReturnType<typeof eq>) =>
  db
    .select(ICS_COLUMNS)
    .from(events)
    .where(and(where, isNull(events.cancelledAt), sql`${events.date} >= now() - interval '31 days'`))
    .orderBy(asc(events.date), asc(events.id))
    .limit(FEED_MAX_EVENTS);

/** GET /api/teams/{id}/events.ics: the events the team hosts (eventHostTeam); 404 when unknown. */
export async function teamCalendar(db: Db, id: string, origin: string | null): Promise<string> {
  const [team] = await db.select({ name: teams.name }).from(teams).where(eq(teams.id, id));
  if (!team) throw notFound(TEAM_TEXTS.teamNotFound);
  return toICalendar(
    `${PRODUCT_NAME}: ${team.name}`,
    await hostedOrHeld(db, eq(events.hostTeamId, id)),
    origin,
  );
}

/** GET /api/fields/{id}/events.ics: the events held at the field (events.field_id); 404 when unknown. */
export async function fieldCalendar(db: Db, id: string, origin: string | null): Promise<string> {
  const [field] = await db.select({ name: fields.name }).from(fields).where(eq(fields.id, id));
  if (!field) throw notFound(FIELD_TEXTS.fieldNotFound);
  return toICalendar(
    `${PRODUCT_NAME}: ${field.name}`,
    await hostedOrHeld(db, eq(events.fieldId, id)),
    origin,
  );
}
