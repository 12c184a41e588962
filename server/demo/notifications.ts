/**
 * The demo's notifications (issue 23): once every other area is in, each demo player has a few
 * unread entries of each kind, as if they had come over the past days.
 *
 * The likes, comments, mentions, follows and badges were told by the services themselves as the
 * demo was made (community.ts; the badges by the seed's backfill): they are dated here from what
 * they report (the like's, the comment's, the follow's, the badge's time). The areas whose rows go
 * in directly (teams, events' history) are told here through notify(), from their rows: pending
 * applications and invites, co-leaders' promotions, members accepted, players moved up from a
 * waitlist, events changed; a disbanded team, a cancelled event and a removal are stories of their
 * own. The reminder is real: a game starts within the day (made through the events service) and
 * remindEvents() tells its players. Then the entries are ordered by their time, and all but the
 * latest of each kind (two for comments and likes) are read.
 */
import { sql } from 'drizzle-orm';
import { type SavedSearchFilters, savedSearchQueryString } from '../../contract/saved-searches';
import type { Db } from '../db/client';
import { rows } from '../db/rows';
import { eventComments, eventMessages, rideRequests, rides, savedSearches } from '../db/schema';
import type { SessionUser } from '../modules/auth';
import { createEvent, flagUnconfirmedGames, registerForEvent } from '../modules/events';
import { createSeries } from '../modules/events/series';
import { type NotifyInput, notify, remindEvents } from '../modules/notifications';
import { DEMO_NOTICE } from './community';
import { int, pick, type Rng, rngFrom, sample } from './random';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The game that starts within a day, whose players get their reminder. */
export const DEMO_SOON_EVENT = {
  title: 'Friday Night CQB at The Bunker',
  description:
    'Short, fast rounds in the warehouse arena. Rentals available, full-seal eye protection and a lower face guard required. Chrono from 18:00.',
  location: 'Toronto, ON',
  address: '85 Bathurst St, Toronto, ON M5V 2P5',
  lat: 43.6426,
  lng: -79.4019,
  timeZone: 'America/Toronto',
  capacity: 24,
  players: 8,
};

/** The next whole hour after `now` that reads `hour`:00 in `zone` (within the coming day). */
export function nextLocalHour(now: Date, zone: string, hour: number): Date {
  const clock = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: 'numeric', hourCycle: 'h23' });
  const at = new Date(now);
  at.setUTCMinutes(0, 0, 0);
  for (let i = 1; i <= 26; i++) {
    const candidate = new Date(at.getTime() + i * HOUR);
    if (Number(clock.format(candidate)) === hour) return candidate;
  }
  return new Date(at.getTime() + 20 * HOUR);
}

/** Entries with no subject left: a team that disbanded and an event that was cancelled. */
const GONE_TEAM = 'Black Ridge Irregulars';
const GONE_EVENT = { title: 'Operation Ironclad', location: 'Calgary, AB' };

/** notify() now, then the entry it wrote (the recipients' latest of its kind) moved back to `at`. */
async function told(db: Db, input: NotifyInput, at: Date) {
  const n = await notify(db, input, DEMO_NOTICE);
  if (n === 0) return;
  await db.execute(sql`
    UPDATE notifications n SET created_at = ${at.toISOString()}::timestamptz
    FROM (SELECT DISTINCT ON (recipient_id) id FROM notifications
          WHERE kind = ${input.kind} AND recipient_id = ANY (${`{${input.recipientIds.join(',')}}`}::uuid[])
          ORDER BY recipient_id, seq DESC) latest
    WHERE n.id = latest.id`);
  await db.execute(sql`
    UPDATE notification_actors a SET created_at = n.created_at FROM notifications n
    WHERE a.notification_id = n.id AND n.created_at = ${at.toISOString()}::timestamptz`);
}

export async function seedNotifications(
  db: Db,
  players: Map<string, SessionUser>,
  admin: SessionUser,
  now: Date,
): Promise<void> {
  const rng: Rng = rngFrom('airsoft-demo-notifications');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const everyone = [...players.values()];
  const recent = (from: Date) =>
    from.getTime() > now.getTime() - 10 * DAY ? from : ago(int(rng, 2, 200) * HOUR);

  // What the services told as the demo was made, dated from what it reports.
  await db.execute(sql`
    UPDATE notifications n SET created_at = c.created_at FROM comments c
    WHERE n.comment_id = c.id AND n.kind IN ('comment', 'mention')`);
  await db.execute(sql`
    UPDATE notifications n SET created_at = p.created_at FROM posts p
    WHERE n.post_id = p.id AND n.kind = 'mention' AND n.comment_id IS NULL`);
  await db.execute(sql`
    UPDATE notification_actors a SET created_at = l.created_at
    FROM notifications n, post_likes l
    WHERE a.notification_id = n.id AND n.kind = 'like' AND l.post_id = n.post_id AND l.user_id = a.actor_id`);
  await db.execute(sql`
    UPDATE notification_actors a SET created_at = f.created_at
    FROM notifications n, follows f
    WHERE a.notification_id = n.id AND n.kind = 'follow' AND f.following_id = n.recipient_id AND f.follower_id = a.actor_id`);
  await db.execute(sql`
    UPDATE notifications n SET created_at = latest.at
    FROM (SELECT notification_id, max(created_at) AS at FROM notification_actors GROUP BY notification_id) latest
    WHERE n.id = latest.notification_id AND n.kind IN ('like', 'follow')`);
  await db.execute(sql`
    UPDATE notifications n SET created_at = b.created_at FROM user_badges b
    WHERE n.kind = 'badge-earned' AND b.user_id = n.recipient_id AND b.badge = n.data ->> 'badge'`);

  // Teams: applications waiting for their leader and co-leaders; invites; answers; roles.
  const applications = await rows<{
    team_id: string;
    name: string;
    user_id: string;
    message: string | null;
    created_at: Date;
  }>(
    db,
    sql`SELECT a.team_id::text, t.name, a.user_id::text, a.message, a.created_at FROM team_applications a
        JOIN teams t ON t.id = a.team_id WHERE a.status = 'pending' ORDER BY a.created_at`,
  );
  for (const a of applications) {
    const managers = await rows<{ id: string }>(
      db,
      sql`SELECT user_id::text AS id FROM team_members WHERE team_id = ${a.team_id} AND role IN ('leader', 'co-leader')`,
    );
    await told(
      db,
      {
        recipientIds: managers.map((m) => m.id),
        kind: 'team-application',
        actorId: a.user_id,
        teamId: a.team_id,
        data: { title: a.name, ...(a.message ? { excerpt: a.message.slice(0, 140) } : {}) },
      },
      new Date(a.created_at),
    );
  }
  const invites = await rows<{
    team_id: string;
    name: string;
    user_id: string;
    invited_by: string;
    created_at: Date;
  }>(
    db,
    sql`SELECT i.team_id::text, t.name, i.user_id::text, i.invited_by::text, i.created_at FROM team_invites i
        JOIN teams t ON t.id = i.team_id WHERE i.status = 'pending' ORDER BY i.created_at`,
  );
  for (const i of invites)
    await told(
      db,
      {
        recipientIds: [i.user_id],
        kind: 'team-invitation',
        actorId: i.invited_by,
        teamId: i.team_id,
        data: { title: i.name },
      },
      new Date(i.created_at),
    );
  const memberships = await rows<{
    team_id: string;
    name: string;
    user_id: string;
    role: string;
    joined_at: Date;
    leader: string;
  }>(
    db,
    sql`SELECT m.team_id::text, t.name, m.user_id::text, m.role, m.joined_at, l.user_id::text AS leader
        FROM team_members m JOIN teams t ON t.id = m.team_id
        JOIN team_members l ON l.team_id = m.team_id AND l.role = 'leader'
        WHERE m.role <> 'leader' ORDER BY m.joined_at DESC`,
  );
  for (const m of memberships) {
    const joined = recent(new Date(m.joined_at));
    const team = { teamId: m.team_id, actorId: m.leader, recipientIds: [m.user_id] };
    if (m.role === 'co-leader')
      await told(
        db,
        { ...team, kind: 'team-role-changed', data: { title: m.name, role: 'co-leader' } },
        new Date(Math.min(now.getTime() - HOUR, joined.getTime() + 2 * DAY)),
      );
    else
      await told(
        db,
        { ...team, kind: 'team-application-answered', data: { title: m.name, accepted: true } },
        joined,
      );
  }
  // A few stories: a removal, a team that disbanded, a game that was cancelled.
  const teams = await rows<{ id: string; name: string; leader: string }>(
    db,
    sql`SELECT t.id::text, t.name, m.user_id::text AS leader FROM teams t
        JOIN team_members m ON m.team_id = t.id AND m.role = 'leader' ORDER BY t.created_at`,
  );
  const inTeam = new Set(memberships.map((m) => `${m.team_id}:${m.user_id}`));
  for (const p of sample(rng, everyone, 3)) {
    const team = pick(
      rng,
      teams.filter((t) => t.leader !== p.id && !inTeam.has(`${t.id}:${p.id}`)),
    );
    if (!team) continue;
    await told(
      db,
      {
        recipientIds: [p.id],
        kind: 'team-removed',
        actorId: team.leader,
        teamId: team.id,
        data: { title: team.name },
      },
      ago(int(rng, 30, 140) * HOUR),
    );
  }
  const [formerLeader, ...formerMembers] = sample(rng, everyone, 6);
  await told(
    db,
    {
      recipientIds: formerMembers.map((p) => p.id),
      kind: 'team-disbanded',
      actorId: formerLeader.id,
      data: { title: GONE_TEAM },
    },
    ago(3 * DAY + 5 * HOUR),
  );
  await told(
    db,
    {
      recipientIds: sample(rng, everyone, 6).map((p) => p.id),
      kind: 'event-cancelled',
      actorId: admin.id,
      data: { ...GONE_EVENT, startsAt: new Date(now.getTime() + 9 * DAY).toISOString() },
    },
    ago(26 * HOUR),
  );

  // Events: the last players in of the full events came up from the waitlist; two games changed.
  const places = await rows<{
    event_id: string;
    title: string;
    date: Date;
    location: string;
    user_id: string;
    full: boolean;
    created_at: Date;
  }>(
    db,
    sql`SELECT e.id::text AS event_id, e.title, e.date, e.location, r.user_id::text, r.created_at,
               (e.capacity > 0 AND e.waitlist_count > 0) AS full
        FROM event_registrations r JOIN events e ON e.id = r.event_id
        WHERE r.status = 'registered' AND e.date > ${now.toISOString()}::timestamptz
        ORDER BY r.created_at`,
  );
  const eventData = (p: (typeof places)[number]) => ({
    title: p.title,
    startsAt: new Date(p.date).toISOString(),
    location: p.location,
  });
  const byEvent = new Map<string, typeof places>();
  for (const p of places) byEvent.set(p.event_id, [...(byEvent.get(p.event_id) ?? []), p]);
  for (const list of byEvent.values()) {
    if (!list[0]?.full) continue;
    for (const p of list.slice(-2))
      await told(
        db,
        {
          recipientIds: [p.user_id],
          kind: 'event-waitlist-promoted',
          eventId: p.event_id,
          data: eventData(p),
        },
        recent(new Date(p.created_at)),
      );
  }
  const busiest = [...byEvent.values()].sort((a, b) => b.length - a.length).slice(0, 2);
  for (const [k, list] of busiest.entries()) {
    const first = list[0];
    if (!first) continue;
    await told(
      db,
      {
        recipientIds: list.map((p) => p.user_id),
        kind: 'event-changed',
        actorId: admin.id,
        eventId: first.event_id,
        data: { ...eventData(first), changed: k === 0 ? ['rules'] : ['date', 'location'] },
      },
      ago((k + 1) * 19 * HOUR),
    );
  }
  // An organisers' message (issue 25) to the busiest event's players, recorded on the event too.
  const messaged = busiest[0]?.[0];
  if (messaged) {
    const at = ago(5 * HOUR);
    const text = 'Gates open at 08:00; chrono from 08:15. Bring water: there is none on site.';
    const recipients = busiest[0].map((p) => p.user_id);
    await db.insert(eventMessages).values({
      eventId: messaged.event_id,
      senderId: admin.id,
      text,
      audience: 'registered',
      recipientCount: recipients.filter((id) => id !== admin.id).length,
      createdAt: at,
    });
    await told(
      db,
      {
        recipientIds: recipients,
        kind: 'event-message',
        actorId: admin.id,
        eventId: messaged.event_id,
        data: { title: messaged.title, excerpt: text },
      },
      at,
    );
  }

  // The discussion (issue 26) of the busiest event: a player asks, the organiser answers (pinned),
  // and the players registered on it are told of the answer.
  const [asking] = busiest[0] ?? [];
  if (asking) {
    const at = ago(4 * HOUR);
    const answer = 'Yes: 20 rental rifles with masks. Book one by Thursday.';
    await db.insert(eventComments).values([
      {
        eventId: asking.event_id,
        userId: asking.user_id,
        content: 'First game here: are rentals available?',
        createdAt: ago(5 * HOUR),
        updatedAt: ago(5 * HOUR),
      },
      {
        eventId: asking.event_id,
        userId: admin.id,
        content: answer,
        byOrganiser: true,
        pinned: true,
        createdAt: at,
        updatedAt: at,
      },
    ]);
    await told(
      db,
      {
        recipientIds: busiest[0].map((p) => p.user_id).filter((id) => id !== admin.id),
        kind: 'event-comment',
        actorId: admin.id,
        eventId: asking.event_id,
        data: { title: asking.title, excerpt: answer },
      },
      at,
    );
  }

  // A carpool (issue 26) to the busiest event: one player offers seats, another asks for one.
  const [driving, riding] = busiest[0] ?? [];
  if (driving && riding && driving.user_id !== riding.user_id) {
    const at = ago(3 * HOUR);
    // About 20 km north of the event.
    const [near] = await rows<{ lat: number | null; lng: number | null }>(
      db,
      sql`SELECT lat, lng FROM events WHERE id = ${driving.event_id}::uuid`,
    );
    const [ride] = await db
      .insert(rides)
      .values({
        eventId: driving.event_id,
        userId: driving.user_id,
        kind: 'offer',
        fromPlace: 'Town centre car park',
        lat: Math.round(((near?.lat ?? 43.65) + 0.18) * 100) / 100,
        lng: Math.round((near?.lng ?? -79.38) * 100) / 100,
        departsAt: new Date(now.getTime() + 2 * DAY),
        seats: 3,
        note: 'Message me here to sort out the pick-up.',
        createdAt: ago(6 * HOUR),
      })
      .returning({ id: rides.id });
    await db
      .insert(rideRequests)
      .values({ rideId: ride.id, userId: riding.user_id, seats: 1, createdAt: at });
    await told(
      db,
      {
        recipientIds: [driving.user_id],
        kind: 'event-ride',
        actorId: riding.user_id,
        eventId: driving.event_id,
        data: { title: driving.title, ride: 'requested' },
      },
      at,
    );
  }

  // A saved search (issue 26): the rider keeps "Games within 100 km" of that event's place; two new
  // games matched it today (one entry for the day, its count raised).
  if (riding) {
    const at = ago(2 * HOUR);
    const [spot] = await rows<{ lat: number | null; lng: number | null }>(
      db,
      sql`SELECT lat, lng FROM events WHERE id = ${riding.event_id}::uuid`,
    );
    const filters: SavedSearchFilters =
      spot?.lat != null && spot.lng != null
        ? { near: `${spot.lat},${spot.lng}`, radius: '100' }
        : { type: 'Milsim' };
    const name = spot?.lat != null ? 'Games within 100 km' : 'Milsim games';
    await db.insert(savedSearches).values({
      userId: riding.user_id,
      name,
      filters,
      notifiedOn: at.toISOString().slice(0, 10),
      matchedIds: [riding.event_id],
      createdAt: ago(30 * DAY),
    });
    await told(
      db,
      {
        recipientIds: [riding.user_id],
        kind: 'saved-search-match',
        actorId: null,
        eventId: riding.event_id,
        data: { title: name, count: 2, query: savedSearchQueryString(filters) },
      },
      at,
    );
  }

  // The game tonight: made and joined through the events service, its reminders sent for real.
  const soonAt = nextLocalHour(now, DEMO_SOON_EVENT.timeZone, 19);
  const { players: joining, ...soon } = DEMO_SOON_EVENT;
  const game = await createEvent(db, admin, {
    ...soon,
    date: soonAt.toISOString(),
    endsAt: new Date(soonAt.getTime() + 4 * HOUR).toISOString(),
    type: 'Local',
  });
  for (const p of sample(
    rng,
    everyone.filter((p) => p.id !== admin.id),
    joining,
  ))
    await registerForEvent(db, p, game.id);
  await remindEvents(db, DEMO_NOTICE, now);
  // Tonight's game repeats weekly (issue 26): a series of four, tonight's game not confirmed yet by
  // its organiser, who is told so as housekeeping would.
  await createSeries(db, admin, game.id, { frequency: 'weekly', count: 4 });
  await flagUnconfirmedGames(db, DEMO_NOTICE, now);

  // An admin's warning (issue 24), to one player: the admins speak as the site.
  const warned = everyone.find((p) => p.id !== admin.id);
  if (warned)
    await told(
      db,
      {
        recipientIds: [warned.id],
        kind: 'warning',
        data: { excerpt: 'Please keep trade talk to the gear section; no sales of restricted parts.' },
      },
      ago(2 * DAY),
    );

  // The list in order of time, and all but the latest of each kind read.
  await db.execute(sql`
    WITH base AS (SELECT nextval('notification_seq') AS b),
    ordered AS (SELECT id, row_number() OVER (ORDER BY created_at, id) AS k FROM notifications)
    UPDATE notifications n SET seq = base.b + ordered.k FROM base, ordered WHERE n.id = ordered.id`);
  await db.execute(sql`SELECT setval('notification_seq', (SELECT max(seq) FROM notifications))`);
  await db.execute(sql`
    UPDATE notifications n SET read_at = least(now(), n.created_at + interval '1 hour')
    FROM (SELECT id, row_number() OVER (PARTITION BY recipient_id, kind ORDER BY seq DESC) AS k FROM notifications) r
    WHERE n.id = r.id AND r.k > (CASE WHEN n.kind IN ('comment', 'like') THEN 2 ELSE 1 END)`);
}
