import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BADGE_IDS,
  BADGE_NAMES,
  type BadgeId,
  NOTIFICATION_DEFAULTS,
  NOTIFICATION_KINDS,
  type Notification,
  type NotificationKind,
  UNREAD_COUNT_CAP,
} from '../../../contract';
import { notificationSettings, notifications, posts, users } from '../../db/schema';
import type { TestApp } from '../../test/app';
import {
  appWithPlayers,
  createComment,
  createEvent,
  createPost,
  createTeam,
  createUser,
  injectAs,
  type TestUser,
} from '../../test/factories';
import { type NotifyInput, notify } from './notify';
import { describeNotification, GONE_SUFFIX, type NotificationRow } from './presenters';
import { listNotifications } from './service';

let t: TestApp, other: TestUser;
beforeAll(async () => {
  ({ t, other } = await appWithPlayers({ other: 'user' }));
});
afterAll(() => t.close());

const db = () => t.database.db;
const tell = (input: Omit<NotifyInput, 'recipientIds'> & { to: { id: string }[] }) =>
  notify(db(), { ...input, recipientIds: input.to.map((u) => u.id) }, { mail: false });
const get = (user: TestUser | null, url: string) => injectAs(t.app, user, { url });
const page = async (user: TestUser, query = '') => {
  const res = await get(user, `/api/notifications${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as { items: Notification[]; nextCursor: string | null; unreadCount: number };
};
const read = (user: TestUser, payload: object) =>
  injectAs(t.app, user, { method: 'POST', url: '/api/notifications/read', payload });
const entriesOf = (user: { id: string }) =>
  db().select().from(notifications).where(eq(notifications.recipientId, user.id)).orderBy(notifications.seq);

describe('the notifications API', () => {
  it('answers 401 to signed-out visitors on every route, and changes nothing', async () => {
    const routes: Array<['GET' | 'POST' | 'PUT', string, object?]> = [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/unread-count'],
      ['POST', '/api/notifications/read', { all: true }],
      ['GET', '/api/notifications/preferences'],
      ['PUT', '/api/notifications/preferences', { digest: true }],
      ['GET', '/api/notifications/stream'],
    ];
    for (const [method, url, payload] of routes) {
      const res = await injectAs(t.app, null, { method, url, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await db().select().from(notificationSettings)).toEqual([]);
  });

  it('lists grouped likes with their latest three actors and their count, a comment with its excerpt, newest first', async () => {
    const me = await createUser(db());
    const post = await createPost(db(), me, { caption: 'Sunday at the quarry' });
    const likers = [];
    for (const name of ['alex', 'bea', 'cole', 'dana']) {
      const u = await createUser(db(), { username: `${name}_${Math.random().toString(36).slice(2, 8)}` });
      likers.push(u);
      await tell({ to: [me], kind: 'like', actorId: u.id, groupKey: `like:${post.id}`, postId: post.id });
    }
    const commenter = likers[0];
    const comment = await createComment(db(), commenter, post, {
      content: 'Great   game,\nsee you next week!',
    });
    await tell({ to: [me], kind: 'comment', actorId: commenter.id, postId: post.id, commentId: comment.id });

    const { items, unreadCount, nextCursor } = await page(me);
    expect(unreadCount).toBe(2);
    expect(nextCursor).toBeNull();
    expect(items.map((n) => n.kind)).toEqual(['comment', 'like']);
    const [c, like] = items;
    expect(c).toMatchObject({
      text: `${commenter.username} commented on your post`,
      excerpt: 'Great game, see you next week!',
      url: `/posts/${post.id}`,
      gone: false,
      read: false,
      actorCount: 1,
    });
    expect(like.text).toBe(`${likers[3].username} and 3 others liked your post`);
    expect(like.excerpt).toBe('Sunday at the quarry');
    expect(like.actorCount).toBe(4);
    expect(like.actors.map((a) => a.username)).toEqual(
      [likers[3], likers[2], likers[1]].map((u) => u.username),
    );
    expect(Number(c.id)).toBeGreaterThan(Number(like.id));
    expect(Number.isNaN(Date.parse(like.createdAt))).toBe(false);
  });

  it('a grouped entry that gains an actor moves to the top with a new id', async () => {
    const me = await createUser(db());
    const [a, b, c] = [await createUser(db()), await createUser(db()), await createUser(db())];
    await tell({ to: [me], kind: 'follow', actorId: a.id, groupKey: 'follow' });
    await tell({ to: [me], kind: 'badge-earned', data: { badge: 'first-post' } });
    const before = (await page(me)).items;
    expect(before.map((n) => n.kind)).toEqual(['badge-earned', 'follow']);
    await tell({ to: [me], kind: 'follow', actorId: b.id, groupKey: 'follow' });
    // The first page kept in the process is dropped when notify()'s announcement comes back.
    await expect
      .poll(async () => (await page(me)).items.map((n) => n.kind))
      .toEqual(['follow', 'badge-earned']);
    const after = (await page(me)).items;
    expect(Number(after[0].id)).toBeGreaterThan(Number(before[0].id));
    expect(after[0].text).toBe(`${b.username} and 1 other followed you`);
    expect(after[0].url).toBe(`/profile/${b.username}`);
    expect(after[1]).toMatchObject({
      text: 'You earned the First Post badge',
      url: expect.stringMatching(/^\/profile\//),
    });
    // Once read, a new follower starts a new entry.
    await read(me, { all: true });
    await tell({ to: [me], kind: 'follow', actorId: c.id, groupKey: 'follow' });
    await expect.poll(async () => (await page(me)).items.length).toBe(3);
    const last = (await page(me)).items;
    expect(last.map((n) => [n.kind, n.read, n.actorCount])).toEqual([
      ['follow', false, 1],
      ['follow', true, 2],
      ['badge-earned', true, 0],
    ]);
  });

  it('pages by id, newest first, with a cursor only after a full page', async () => {
    const me = await createUser(db());
    for (let i = 0; i < 5; i++) await tell({ to: [me], kind: 'badge-earned', data: { badge: 'posts-10' } });
    const first = await page(me, '?limit=2');
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).toBe(first.items[1].id);
    expect(first.unreadCount).toBe(5);
    const second = await page(me, `?limit=2&before=${first.nextCursor}`);
    const third = await page(me, `?limit=2&before=${second.nextCursor}`);
    expect(third.items).toHaveLength(1);
    expect(third.nextCursor).toBeNull();
    const ids = [...first.items, ...second.items, ...third.items].map((n) => Number(n.id));
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    expect(new Set(ids).size).toBe(5);
    for (const bad of ['?limit=0', '?limit=51', '?before=abc', '?before=0'])
      expect((await get(me, `/api/notifications${bad}`)).statusCode, bad).toBe(400);
  });

  it('counts unread entries up to the cap', async () => {
    const me = await createUser(db());
    await db().execute(
      sql`INSERT INTO notifications (recipient_id, kind) SELECT ${me.id}::uuid, 'badge-earned' FROM generate_series(1, ${UNREAD_COUNT_CAP + 5})`,
    );
    expect((await get(me, '/api/notifications/unread-count')).json()).toEqual({ count: UNREAD_COUNT_CAP });
    expect((await page(me, '?limit=1')).unreadCount).toBe(UNREAD_COUNT_CAP);
  });

  it('keeps a player’s count until a change of it is announced: a new entry, a read, entries deleted with their post', async () => {
    const me = await createUser(db());
    const friend = await createUser(db());
    const count = async () => (await get(me, '/api/notifications/unread-count')).json().count as number;
    expect(await count()).toBe(0);
    // A row written without an announcement is not seen: the count is kept (UNREAD_CACHE_MS).
    await db().execute(
      sql`INSERT INTO notifications (recipient_id, kind) VALUES (${me.id}::uuid, 'badge-earned')`,
    );
    expect(await count()).toBe(0);
    // notify() announces at commit: every process forgets the count.
    const post = await createPost(db(), me);
    await tell({ to: [me], kind: 'like', actorId: friend.id, groupKey: `like:${post.id}`, postId: post.id });
    await expect.poll(count).toBe(2);
    // The post's entries deleted with it (the delete trigger announces them).
    await db().delete(posts).where(eq(posts.id, post.id));
    await expect.poll(count).toBe(1);
    // A read announces too.
    expect((await read(me, { all: true })).json()).toEqual({ count: 0 });
    await expect.poll(count).toBe(0);
  });

  it('keeps a player’s first page until their entries change: a new entry, a read, a subject deleted or gone', async () => {
    const me = await createUser(db());
    const leader = await createUser(db());
    const team = await createTeam(db(), leader, { name: `Kept ${Date.now()}` });
    const post = await createPost(db(), me);
    await tell({
      to: [me],
      kind: 'team-invitation',
      actorId: leader.id,
      teamId: team.id,
      data: { title: team.name },
    });
    await tell({ to: [me], kind: 'like', actorId: leader.id, groupKey: `like:${post.id}`, postId: post.id });
    const kinds = async (query = '') => (await page(me, query)).items.map((n) => n.kind);
    await expect.poll(kinds).toEqual(['like', 'team-invitation']);
    // A row written without an announcement is not seen: the page is kept (NOTIFICATIONS_PAGE_CACHE_MS)...
    await db().execute(
      sql`INSERT INTO notifications (recipient_id, kind) VALUES (${me.id}::uuid, 'badge-earned')`,
    );
    expect(await kinds()).toEqual(['like', 'team-invitation']);
    // ...per page size (the bell's 10 is read on its own), and a later page (before) is never kept.
    expect(await kinds('?limit=10')).toEqual(['badge-earned', 'like', 'team-invitation']);
    // The reader's own read shows at once, without waiting for its announcement.
    expect((await read(me, { all: true })).statusCode).toBe(200);
    expect((await page(me)).items.map((n) => n.read)).toEqual([true, true, true]);
    // A read entry deleted with its post (migration 0043 announces read ones too).
    await db().delete(posts).where(eq(posts.id, post.id));
    await expect.poll(kinds).toEqual(['badge-earned', 'team-invitation']);
    // A team deleted: its entries are kept (set null) and say so, announced by migration 0043's trigger.
    await db().execute(sql`DELETE FROM teams WHERE id = ${team.id}`);
    await expect.poll(async () => (await page(me)).items[1]?.gone).toBe(true);
    // A new entry.
    await tell({ to: [me], kind: 'badge-earned', data: { badge: BADGE_IDS[0] } });
    await expect.poll(async () => (await page(me)).items.length).toBe(3);
  });

  it('marks one, up to an id, or all read; answers the count; never touches another player’s entries', async () => {
    const me = await createUser(db());
    const them = await createUser(db());
    for (let i = 0; i < 4; i++)
      await tell({ to: [me, them], kind: 'badge-earned', data: { badge: 'first-event' } });
    const ids = (await page(me)).items.map((n) => n.id); // newest first
    const theirs = (await page(them)).items.map((n) => n.id);

    let res = await read(me, { id: ids[1] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ count: 3 });
    expect((await page(me)).items.map((n) => n.read)).toEqual([false, true, false, false]);

    res = await read(me, { upTo: ids[2] });
    expect(res.json()).toEqual({ count: 1 });
    expect((await page(me)).items.map((n) => n.read)).toEqual([false, true, true, true]);

    // Another player's ids: nothing changes, and it is no error.
    const snapshot = await entriesOf(them);
    expect((await read(me, { id: theirs[0] })).json()).toEqual({ count: 1 });
    expect((await read(me, { upTo: theirs[0] })).json()).toEqual({ count: 0 });
    expect(await entriesOf(them)).toEqual(snapshot);
    expect((await get(them, '/api/notifications/unread-count')).json()).toEqual({ count: 4 });

    res = await read(them, { all: true });
    expect(res.json()).toEqual({ count: 0 });
    expect((await entriesOf(me)).every((n) => n.readAt !== null)).toBe(true);
  });

  it('refuses malformed reads with 400 and changes nothing', async () => {
    const me = await createUser(db());
    await tell({ to: [me], kind: 'badge-earned', data: { badge: 'first-event' } });
    const snapshot = await entriesOf(me);
    for (const bad of [{}, { all: false }, { upTo: 'x' }, { id: 5 }, { all: true, upTo: '1' }, { id: '0' }])
      expect((await read(me, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    expect(await entriesOf(me)).toEqual(snapshot);
  });

  it('shows preferences with the defaults, merges a change, and refuses bad input unchanged', async () => {
    const me = await createUser(db());
    const prefs = (await get(me, '/api/notifications/preferences')).json();
    expect(prefs).toEqual({ kinds: NOTIFICATION_DEFAULTS, digest: false, emailConfigured: false });
    const put = (payload: object) =>
      injectAs(t.app, me, { method: 'PUT', url: '/api/notifications/preferences', payload });

    let res = await put({ kinds: { like: 'off', 'event-reminder': 'app' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().kinds).toEqual({ ...NOTIFICATION_DEFAULTS, like: 'off', 'event-reminder': 'app' });
    res = await put({ kinds: { comment: 'email' }, digest: true });
    expect(res.json()).toEqual({
      kinds: { ...NOTIFICATION_DEFAULTS, like: 'off', 'event-reminder': 'app', comment: 'email' },
      digest: true,
      emailConfigured: false,
    });
    res = await put({ kinds: { like: 'app' } });
    expect(res.json().digest).toBe(true);
    expect(res.json().kinds.comment).toBe('email');
    expect((await get(me, '/api/notifications/preferences')).json()).toEqual(res.json());

    const saved = await db()
      .select()
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, me.id));
    for (const bad of [
      { kinds: { like: 'loud' } },
      { kinds: { 'no-such-kind': 'app' } },
      { digest: 'yes' },
      { kinds: { like: 'off' }, extra: 1 },
      { emailConfigured: true },
    ])
      expect((await put(bad)).statusCode, JSON.stringify(bad)).toBe(400);
    expect(
      await db().select().from(notificationSettings).where(eq(notificationSettings.userId, me.id)),
    ).toEqual(saved);
    // Another player's are their own.
    expect((await get(other, '/api/notifications/preferences')).json().kinds).toEqual(NOTIFICATION_DEFAULTS);
  });

  it('an entry whose team or event was deleted says so and links nowhere; a deleted post takes its entries with it', async () => {
    const me = await createUser(db());
    const leader = await createUser(db());
    const team = await createTeam(db(), leader, { name: `Raiders ${Date.now()}` });
    const event = await createEvent(db(), { title: 'Op Nightfall', location: 'Leeds' });
    const post = await createPost(db(), me);
    await tell({
      to: [me],
      kind: 'team-invitation',
      actorId: leader.id,
      teamId: team.id,
      data: { title: team.name },
    });
    await tell({
      to: [me],
      kind: 'event-changed',
      eventId: event.id,
      data: { title: 'Op Nightfall', changed: ['date', 'location'] },
    });
    await tell({ to: [me], kind: 'like', actorId: leader.id, groupKey: `like:${post.id}`, postId: post.id });

    let items = (await page(me)).items;
    expect(items.map((n) => n.kind)).toEqual(['like', 'event-changed', 'team-invitation']);
    expect(items[1]).toMatchObject({
      text: 'Op Nightfall changed: date and place',
      url: `/events/${event.id}`,
      gone: false,
    });
    expect(items[2]).toMatchObject({
      text: `${leader.username} invited you to join ${team.name}`,
      url: `/teams/${team.id}`,
    });

    await db().execute(sql`DELETE FROM teams WHERE id = ${team.id}`);
    await db().execute(sql`DELETE FROM events WHERE id = ${event.id}`);
    await db().delete(posts).where(eq(posts.id, post.id));
    // The kept first page is dropped when the deletions' announcements come back.
    await expect
      .poll(async () => (await page(me)).items.map((n) => n.kind))
      .toEqual(['event-changed', 'team-invitation']);
    items = (await page(me)).items;
    expect(items[0]).toMatchObject({
      text: `Op Nightfall changed: date and place${GONE_SUFFIX}`,
      url: null,
      gone: true,
    });
    expect(items[1]).toMatchObject({
      text: `${leader.username} invited you to join ${team.name}${GONE_SUFFIX}`,
      url: null,
      gone: true,
    });
  });

  it('prefers the live team name and event title to what the entry remembered', async () => {
    const me = await createUser(db());
    const team = await createTeam(db(), null, { name: `Old ${Date.now()}` });
    await tell({
      to: [me],
      kind: 'team-role-changed',
      teamId: team.id,
      data: { title: team.name, role: 'co-leader' },
    });
    await db().execute(sql`UPDATE teams SET name = ${`New ${team.name}`} WHERE id = ${team.id}`);
    const [entry] = (await page(me)).items;
    expect(entry.text).toBe(`Your role in New ${team.name} is now Co-Leader`);
  });

  it('gives entries their actors’ avatar media', async () => {
    const me = await createUser(db());
    const avatar = 'https://images.example.test/a.png';
    const actor = await createUser(db(), { avatar });
    await tell({ to: [me], kind: 'follow', actorId: actor.id, groupKey: 'follow' });
    const [entry] = (await page(me)).items;
    expect(entry.actors[0]).toEqual({ id: actor.id, username: actor.username, avatar });
    expect(entry.media?.[avatar]?.src).toMatch(/^\/api\/image-proxy\?/);
  });

  it('names badges as the badges module does (BADGE_NAMES)', async () => {
    const me = await createUser(db());
    await db().execute(
      sql`INSERT INTO user_badges (user_id, badge) SELECT ${me.id}::uuid, unnest(${`{${BADGE_IDS.join(',')}}`}::text[])`,
    );
    const { earned } = (await get(me, `/api/user/${me.id}/badges`)).json() as {
      earned: { id: BadgeId; name: string }[];
    };
    expect(earned).toHaveLength(BADGE_IDS.length);
    expect(Object.fromEntries(earned.map((b) => [b.id, b.name]))).toEqual(BADGE_NAMES);
  });

  it('listNotifications answers given ids of the recipient only (what the mails compose)', async () => {
    const me = await createUser(db());
    const them = await createUser(db());
    await tell({ to: [me, them], kind: 'badge-earned', data: { badge: 'events-5' } });
    await tell({ to: [me], kind: 'badge-earned', data: { badge: 'events-25' } });
    const mine = (await entriesOf(me)).map((n) => n.seq);
    const theirs = (await entriesOf(them)).map((n) => n.seq);
    const listed = await listNotifications(db(), me.id, { seqs: [mine[0], ...theirs] });
    expect(listed.map((n) => n.id)).toEqual([String(mine[0])]);
    expect(listed[0].text).toBe('You earned the 5 Events badge');
    expect(await listNotifications(db(), me.id, { seqs: [] })).toEqual([]);
    const [me2] = await db().select({ username: users.username }).from(users).where(eq(users.id, me.id));
    expect(listed[0].url).toBe(`/profile/${me2.username}`);
  });
});

/** A row as the list's statement reads it, for the sentences (describeNotification is pure). */
function row(kind: NotificationKind, over: Partial<NotificationRow> = {}): NotificationRow {
  return {
    seq: '1',
    kind,
    read: false,
    createdAt: new Date(),
    postId: null,
    commentId: null,
    teamId: null,
    eventId: null,
    data: {},
    teamName: null,
    eventTitle: null,
    eventDate: null,
    eventZone: null,
    eventLocation: null,
    postCaption: null,
    commentContent: null,
    recipientUsername: 'me',
    actors: [{ id: 'a', username: 'alex', avatar: null }],
    actorCount: 1,
    ...over,
  };
}

describe('describeNotification (every kind’s sentence, link and gone)', () => {
  const TEAM = { teamId: 't1', teamName: 'Raiders' };
  const EVENT = {
    eventId: 'e1',
    eventTitle: 'Op Nightfall',
    eventDate: '2026-07-04T08:30:00.000Z',
    eventZone: 'Europe/London',
    eventLocation: 'Leeds, West Yorkshire',
  };
  const cases: Array<
    [NotificationKind, Partial<NotificationRow>, { text: string; url: string | null; gone?: boolean }]
  > = [
    [
      'comment',
      { postId: 'p1', commentContent: 'Nice' },
      { text: 'alex commented on your post', url: '/posts/p1' },
    ],
    [
      'mention',
      { postId: 'p1', data: { excerpt: 'hi @me' } },
      { text: 'alex mentioned you in a post', url: '/posts/p1' },
    ],
    [
      'mention',
      { postId: 'p1', commentId: 'c1', data: { excerpt: 'hi @me' } },
      { text: 'alex mentioned you in a comment', url: '/posts/p1' },
    ],
    [
      'like',
      { postId: 'p1', actorCount: 5, actors: [{ id: 'a', username: 'alex', avatar: null }] },
      { text: 'alex and 4 others liked your post', url: '/posts/p1' },
    ],
    ['follow', { actorCount: 2 }, { text: 'alex and 1 other followed you', url: '/profile/alex' }],
    ['team-application', TEAM, { text: 'alex applied to join Raiders', url: '/teams/t1/manage' }],
    [
      'team-application-answered',
      { ...TEAM, data: { accepted: true } },
      { text: 'Your application to Raiders was accepted', url: '/teams/t1' },
    ],
    [
      'team-application-answered',
      { ...TEAM, data: { accepted: false } },
      { text: 'Your application to Raiders was declined', url: '/teams/t1' },
    ],
    ['team-invitation', TEAM, { text: 'alex invited you to join Raiders', url: '/teams/t1' }],
    [
      'team-role-changed',
      { ...TEAM, data: { role: 'member' } },
      { text: 'Your role in Raiders is now Member', url: '/teams/t1' },
    ],
    ['team-removed', TEAM, { text: 'You were removed from Raiders', url: '/teams/t1' }],
    [
      'team-disbanded',
      { data: { title: 'Raiders' } },
      { text: 'Raiders was disbanded', url: null, gone: true },
    ],
    [
      'event-waitlist-promoted',
      EVENT,
      {
        text: 'A place freed up: you are now registered for Op Nightfall, Sat, 4 Jul 2026, 09:30 BST at Leeds, West Yorkshire',
        url: '/events/e1',
      },
    ],
    [
      'event-changed',
      { ...EVENT, data: { changed: ['date', 'location', 'rules'] } },
      { text: 'Op Nightfall changed: date, place and rules', url: '/events/e1' },
    ],
    [
      'event-cancelled',
      { data: { title: 'Op Nightfall' } },
      { text: 'Op Nightfall was cancelled', url: null, gone: true },
    ],
    [
      'event-reminder',
      EVENT,
      { text: 'Tomorrow: Op Nightfall at 09:30 BST, Leeds, West Yorkshire', url: '/events/e1' },
    ],
    [
      // A zone British English has no short name for: America's (EST), not 'GMT-5'.
      'event-reminder',
      {
        ...EVENT,
        eventDate: '2026-11-28T00:00:00.000Z',
        eventZone: 'America/Toronto',
        eventLocation: 'Toronto, ON',
      },
      { text: 'Tomorrow: Op Nightfall at 19:00 EST, Toronto, ON', url: '/events/e1' },
    ],
    [
      'event-reminder',
      { data: { title: 'Op Dawn', startsAt: '2026-07-04T08:30:00.000Z', location: 'York' } },
      { text: `Tomorrow: Op Dawn at 08:30 UTC, York${GONE_SUFFIX}`, url: null, gone: true },
    ],
    [
      'event-message',
      { ...EVENT, data: { excerpt: 'Gates open at 8' } },
      { text: 'Message from the organisers of Op Nightfall', url: '/events/e1' },
    ],
    [
      'event-squad',
      { ...EVENT, ...TEAM },
      { text: "alex put you in Raiders's squad for Op Nightfall: confirm your place", url: '/events/e1' },
    ],
    [
      'event-ride',
      { ...EVENT, data: { ride: 'requested' } },
      { text: 'alex asked to join your carpool for Op Nightfall', url: '/events/e1#carpools' },
    ],
    [
      'event-ride',
      { ...EVENT, data: { ride: 'cancelled' } },
      { text: 'A carpool of yours for Op Nightfall was cancelled', url: '/events/e1#carpools' },
    ],
    [
      'event-comment',
      { ...EVENT, data: { excerpt: 'Rentals: yes' } },
      { text: 'alex (organiser) wrote in the discussion of Op Nightfall', url: '/events/e1#discussion' },
    ],
    [
      'event-unconfirmed',
      { ...EVENT },
      { text: 'Op Nightfall starts within a week and is not confirmed yet', url: '/events/e1' },
    ],
    [
      'saved-search-match',
      { ...EVENT, data: { title: 'Weekend near Leeds', count: 3, query: 'near=53.8%2C-1.55&radius=50' } },
      { text: '3 new games match “Weekend near Leeds”', url: '/events?near=53.8%2C-1.55&radius=50' },
    ],
    [
      'badge-earned',
      { data: { badge: 'team-founder' } },
      { text: 'You earned the Team Founder badge', url: '/profile/me' },
    ],
    [
      'warning',
      { data: { excerpt: 'Keep it civil, please' } },
      { text: 'A warning from the admins: Keep it civil, please', url: null },
    ],
    [
      'team-removed',
      { data: { title: 'Raiders' } },
      { text: `You were removed from Raiders${GONE_SUFFIX}`, url: null, gone: true },
    ],
    [
      'like',
      { postId: 'p1', actors: [], actorCount: 0 },
      { text: 'Someone liked your post', url: '/posts/p1' },
    ],
  ];
  it.each(cases)('%s %#', (kind, over, expected) => {
    const d = describeNotification(row(kind, over));
    expect({ text: d.text, url: d.url, gone: d.gone }).toEqual({ gone: false, ...expected });
  });

  it('has a case for every kind', () => {
    expect(new Set(cases.map(([kind]) => kind))).toEqual(new Set(NOTIFICATION_KINDS));
  });

  it('cuts long excerpts', () => {
    const d = describeNotification(row('comment', { postId: 'p', commentContent: 'x'.repeat(500) }));
    expect(d.excerpt?.length).toBe(140);
    expect(d.excerpt?.endsWith('…')).toBe(true);
  });
});
