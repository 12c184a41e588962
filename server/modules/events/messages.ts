import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { EventMessage, EventMessageBody, EventMessagesAnswer, MessageAudience } from '../../../contract';
import { EVENT_TEXTS, eventMessageBody, GAME_DAY_TEXTS, SIDE_TEXTS } from '../../../contract';
import type { Db } from '../../db/client';
import { eventMessages, eventRegistrations, eventSides, events, users } from '../../db/schema';
import { badRequest, forbidden, notFound, unauthorized } from '../../errors';
import type { SessionUser } from '../auth';
import { assertNoBlockedWords } from '../moderation';
import { enqueueNotifyFor } from '../notifications';
import { isOrganiser, requireOrganiser } from './organisers';

/**
 * Messages from an event's organisers to its players (issue 25): recorded on the event, and told
 * to each recipient as an 'event-message' notification (and by email, per their preferences) by a
 * queued job, the recipients collected in the message's transaction.
 */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The statuses an audience reaches: 'side', the registered players of one side. */
function statusesOf(audience: MessageAudience): Array<'registered' | 'waitlisted'> {
  return audience === 'all' ? ['registered', 'waitlisted'] : ['registered'];
}

const r = eventRegistrations;

/** POST /api/events/{id}/messages (organisers). */
export async function sendEventMessage(
  db: Db,
  user: SessionUser | null,
  eventId: string,
  input: EventMessageBody,
): Promise<EventMessage> {
  await requireOrganiser(db, user, eventId);
  const sender = user as SessionUser;
  const body = eventMessageBody.parse(input);
  const statuses = statusesOf(body.audience);
  // One side: a side of this event, named (a side of another event, or none, is a 400).
  const sideId = body.audience === 'side' ? (body.sideId ?? null) : null;
  if (body.audience === 'side') {
    const [side] = sideId
      ? await db
          .select({ id: eventSides.id })
          .from(eventSides)
          .where(and(eq(eventSides.id, sideId), eq(eventSides.eventId, eventId)))
      : [];
    if (!side) throw badRequest(SIDE_TEXTS.sideNotFound, { sideId: [SIDE_TEXTS.sideNotFound] });
  }
  await assertNoBlockedWords(db, body.text);
  const onSide = sideId ? sql` AND ${r.sideId} = ${sideId}` : sql``;
  const id = await db.transaction(async (t: Tx) => {
    const tx = t as unknown as Db;
    // The event row locked: the recipients are the players on it at this instant.
    const [e] = await tx
      .select({ title: events.title })
      .from(events)
      .where(eq(events.id, eventId))
      .for('update');
    if (!e) throw notFound(EVENT_TEXTS.eventNotFound);
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(r)
      .where(
        and(
          eq(r.eventId, eventId),
          inArray(r.status, statuses),
          sideId ? eq(r.sideId, sideId) : undefined,
          sql`${r.userId} <> ${sender.id}`,
        ),
      );
    const [made] = await tx
      .insert(eventMessages)
      .values({
        eventId,
        senderId: sender.id,
        text: body.text,
        audience: body.audience,
        sideId,
        recipientCount: n,
      })
      .returning({ id: eventMessages.id });
    await enqueueNotifyFor(
      tx,
      { kind: 'event-message', actorId: sender.id, eventId, data: { title: e.title, excerpt: body.text } },
      sql`SELECT ${r.userId} FROM ${r} WHERE ${r.eventId} = ${eventId} AND ${inArray(r.status, statuses)}${onSide}`,
    );
    return made.id;
  });
  const [message] = await selectMessages(db, eventId, { id });
  return message;
}

async function selectMessages(
  db: Db,
  eventId: string,
  only: { id?: string; audiences?: MessageAudience[]; sideId?: string | null; since?: Date } = {},
): Promise<EventMessage[]> {
  const m = eventMessages;
  const list = await db
    .select({
      id: m.id,
      text: m.text,
      audience: m.audience,
      sideId: m.sideId,
      senderId: m.senderId,
      senderName: users.username,
      recipientCount: m.recipientCount,
      createdAt: m.createdAt,
    })
    .from(m)
    .leftJoin(users, eq(users.id, m.senderId))
    .where(
      and(
        eq(m.eventId, eventId),
        only.id ? eq(m.id, only.id) : undefined,
        only.audiences
          ? or(
              inArray(m.audience, only.audiences),
              // A message to one side reaches that side's players only.
              only.sideId ? and(eq(m.audience, 'side'), eq(m.sideId, only.sideId)) : undefined,
            )
          : undefined,
        only.since ? sql`${m.createdAt} >= ${only.since.toISOString()}::timestamptz` : undefined,
      ),
    )
    .orderBy(desc(m.createdAt), desc(m.id))
    .limit(100);
  return list.map((x) => ({
    id: x.id,
    text: x.text,
    audience: x.audience,
    sideId: x.sideId,
    sender: x.senderId && x.senderName ? { id: x.senderId, username: x.senderName } : null,
    recipientCount: x.recipientCount,
    createdAt: x.createdAt.toISOString(),
  }));
}

/**
 * GET /api/events/{id}/messages: every message for the organisers; for a player on the event,
 * those sent to them (their audience reached their status, since they joined). Anonymous 401;
 * a player not on the event 403; an unknown event 404.
 */
export async function listEventMessages(
  db: Db,
  user: SessionUser | null,
  eventId: string,
): Promise<EventMessagesAnswer> {
  if (!user) throw unauthorized();
  const [e] = await db.select({ id: events.id }).from(events).where(eq(events.id, eventId));
  if (!e) throw notFound(EVENT_TEXTS.eventNotFound);
  if (await isOrganiser(db, user, eventId))
    return { messages: await selectMessages(db, eventId), canSend: true };
  const [mine] = await db
    .select({ status: r.status, since: r.createdAt, sideId: r.sideId })
    .from(r)
    .where(and(eq(r.eventId, eventId), eq(r.userId, user.id)));
  if (!mine) throw forbidden(GAME_DAY_TEXTS.notOrganiser);
  const audiences: MessageAudience[] = mine.status === 'registered' ? ['registered', 'all'] : ['all'];
  const sideId = mine.status === 'registered' ? mine.sideId : null;
  return {
    messages: await selectMessages(db, eventId, { audiences, sideId, since: mine.since }),
    canSend: false,
  };
}
