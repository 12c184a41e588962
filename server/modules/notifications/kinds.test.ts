import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationKind } from '../../../contract/notifications';
import { rows } from '../../db/rows';
import type { NotificationData } from '../../db/schema';
import type { TestApp } from '../../test/app';
import {
  appWithPlayers,
  createBlockedWord,
  createEvent,
  createPost,
  createRegistration,
  createTeam,
  createUser,
  injectAs,
  type TestUser,
} from '../../test/factories';
import { runHousekeeping } from '../housekeeping';

/**
 * Each kind is written by its action, in the action's transaction, and by nothing else (issue 23):
 * the actions go through the API as a client's would; the entries are read from the table.
 */

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  ({ t, admin } = await appWithPlayers({ admin: 'admin' }));
});
afterAll(() => t.close());

const db = () => t.database.db;
const user = () => createUser(db());

interface Entry {
  id: string;
  seq: string;
  kind: NotificationKind;
  post_id: string | null;
  comment_id: string | null;
  team_id: string | null;
  event_id: string | null;
  group_key: string | null;
  data: NotificationData;
  actors: string[];
}

/** A player's entries, oldest first, each with its actors. */
const entriesOf = (player: { id: string }, kind?: NotificationKind) =>
  rows<Entry>(
    db(),
    sql`SELECT n.id::text, n.seq::text, n.kind, n.post_id, n.comment_id, n.team_id, n.event_id, n.group_key, n.data,
               coalesce((SELECT array_agg(a.actor_id::text ORDER BY a.created_at, a.actor_id)
                         FROM notification_actors a WHERE a.notification_id = n.id), '{}') AS actors
        FROM notifications n
        WHERE n.recipient_id = ${player.id} ${kind ? sql`AND n.kind = ${kind}` : sql``}
        ORDER BY n.seq`,
  );

/** Every entry written since `mark` (a seq), whoever it is for. */
const entriesSince = async (mark: bigint) =>
  rows<{ kind: string; recipient_id: string }>(
    db(),
    sql`SELECT kind, recipient_id::text FROM notifications WHERE seq > ${mark.toString()}::bigint ORDER BY seq`,
  );
const mark = async () =>
  BigInt(
    (await rows<{ s: string }>(db(), sql`SELECT coalesce(max(seq), 0)::text AS s FROM notifications`))[0]
      ?.s ?? '0',
  );

const as = (
  u: TestUser | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => injectAs(t.app, u, { method, url, payload });

describe('posts and people', () => {
  it("a comment tells the post's owner with an excerpt; one's own comment tells nobody", async () => {
    const [owner, fan] = [await user(), await user()];
    const post = await createPost(db(), owner, { caption: 'Woodland day' });
    const long = `Great game! ${'x'.repeat(300)}`;
    const res = await as(fan, 'POST', `/api/posts/${post.id}/comments`, { content: long });
    expect(res.statusCode).toBe(201);
    const [entry, ...more] = await entriesOf(owner);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      kind: 'comment',
      post_id: post.id,
      comment_id: res.json().id,
      actors: [fan.id],
    });
    expect(entry.data.excerpt?.startsWith('Great game! xxx')).toBe(true);
    expect(Array.from(entry.data.excerpt ?? '').length).toBe(140);
    expect(entry.data.excerpt?.endsWith('…')).toBe(true);

    expect(
      (await as(owner, 'POST', `/api/posts/${post.id}/comments`, { content: 'Thanks!' })).statusCode,
    ).toBe(201);
    expect(await entriesOf(owner)).toHaveLength(1);
    expect(await entriesOf(fan)).toEqual([]);
  });

  it("likes are one entry per post while unread, grouping the likers; unliking, liking again and one's own like add nobody", async () => {
    const [owner, a, b] = [await user(), await user(), await user()];
    const post = await createPost(db(), owner, { caption: 'Night game\nwith tracers' });
    const other = await createPost(db(), owner);
    expect((await as(a, 'POST', `/api/posts/${post.id}/like`)).statusCode).toBe(200);
    const [first] = await entriesOf(owner, 'like');
    expect(first).toMatchObject({ post_id: post.id, group_key: `like:${post.id}`, actors: [a.id] });
    expect(first.data.excerpt).toBe('Night game with tracers');

    await as(b, 'POST', `/api/posts/${post.id}/like`);
    const [grouped, ...none] = await entriesOf(owner, 'like');
    expect(none).toEqual([]);
    expect(grouped.actors.sort()).toEqual([a.id, b.id].sort());
    expect(BigInt(grouped.seq)).toBeGreaterThan(BigInt(first.seq));

    // Unliking tells nothing and takes nothing back; liking twice is one like.
    const before = await mark();
    expect((await as(a, 'DELETE', `/api/posts/${post.id}/like`)).statusCode).toBe(200);
    await as(b, 'POST', `/api/posts/${post.id}/like`);
    await as(owner, 'POST', `/api/posts/${post.id}/like`);
    expect(await entriesSince(before)).toEqual([]);
    expect((await entriesOf(owner, 'like'))[0]?.actors).toHaveLength(2);

    // Another post is another entry; once read, a new like starts a new one.
    await as(a, 'POST', `/api/posts/${other.id}/like`);
    expect(await entriesOf(owner, 'like')).toHaveLength(2);
    await db().execute(sql`UPDATE notifications SET read_at = now() WHERE recipient_id = ${owner.id}`);
    await as(a, 'POST', `/api/posts/${post.id}/like`);
    expect(await entriesOf(owner, 'like')).toHaveLength(3);
  });

  it('a new follower tells the player followed (grouped while unread); following again or unfollowing tells nothing', async () => {
    const [star, a, b] = [await user(), await user(), await user()];
    expect((await as(a, 'POST', `/api/follow/${star.id}`)).statusCode).toBe(200);
    await as(b, 'POST', `/api/follow/${star.id}`);
    const [entry, ...none] = await entriesOf(star);
    expect(none).toEqual([]);
    expect(entry).toMatchObject({ kind: 'follow', group_key: 'follow', data: { username: b.username } });
    expect(entry.actors.sort()).toEqual([a.id, b.id].sort());
    const before = await mark();
    await as(a, 'POST', `/api/follow/${star.id}`);
    await as(a, 'POST', `/api/unfollow/${star.id}`);
    expect(await entriesSince(before)).toEqual([]);
    expect(await entriesOf(a)).toEqual([]);
  });

  it('reading, bookmarking, unliking and deleting create nothing', async () => {
    const [owner, fan] = [await user(), await user()];
    const post = await createPost(db(), owner);
    const before = await mark();
    for (const [method, url] of [
      ['GET', `/api/posts/${post.id}`],
      ['GET', `/api/posts/${post.id}/comments`],
      ['GET', '/api/posts/feed'],
      ['GET', `/api/profile/${owner.username}`],
      ['PUT', `/api/posts/${post.id}/bookmark`],
      ['DELETE', `/api/posts/${post.id}/like`],
      ['DELETE', `/api/posts/${post.id}`],
    ] as const)
      expect(
        (await as(method === 'DELETE' && url.endsWith(post.id) ? owner : fan, method, url)).statusCode,
      ).toBeLessThan(300);
    expect(await entriesSince(before)).toEqual([]);
  });

  it("mentions tell the players named in a caption or a comment, not the author nor unknown names; the post's owner gets the comment only", async () => {
    const [author, named, owner] = [await user(), await user(), await user()];
    const caption = `Thanks @${named.username.toUpperCase()} and @${author.username}, mail me at x@${named.username}.com, @nobody_here`;
    const created = await as(author, 'POST', '/api/posts', { caption, images: [] });
    expect(created.statusCode).toBe(201);
    const postId = created.json().id;
    const [mention, ...none] = await entriesOf(named);
    expect(none).toEqual([]);
    expect(mention).toMatchObject({
      kind: 'mention',
      post_id: postId,
      comment_id: null,
      actors: [author.id],
    });
    expect(mention.data.excerpt).toContain('Thanks @');
    expect(await entriesOf(author, 'mention')).toEqual([]);

    const post = await createPost(db(), owner);
    const res = await as(author, 'POST', `/api/posts/${post.id}/comments`, {
      content: `@${owner.username} @${named.username} see you Sunday`,
    });
    expect(res.statusCode).toBe(201);
    expect((await entriesOf(owner)).map((e) => e.kind)).toEqual(['comment']);
    expect((await entriesOf(named, 'mention')).at(-1)).toMatchObject({
      post_id: post.id,
      comment_id: res.json().id,
    });
  });

  it('editing a comment tells only the players it names anew, once each', async () => {
    const [author, first, second, owner] = [await user(), await user(), await user(), await user()];
    const post = await createPost(db(), owner);
    const res = await as(author, 'POST', `/api/posts/${post.id}/comments`, {
      content: `hi @${first.username}`,
    });
    const id = res.json().id;
    expect(await entriesOf(first)).toHaveLength(1);
    const before = await mark();
    // The same name again, then the post's owner (told of the comment already): nobody new.
    await as(author, 'PATCH', `/api/comments/${id}`, { content: `hello @${first.username}` });
    await as(author, 'PATCH', `/api/comments/${id}`, {
      content: `hello @${first.username} @${owner.username}`,
    });
    expect(await entriesSince(before)).toEqual([]);
    await as(author, 'PATCH', `/api/comments/${id}`, {
      content: `hello @${first.username} and @${second.username}`,
    });
    expect(await entriesSince(before)).toEqual([{ kind: 'mention', recipient_id: second.id }]);
    // Removed and named again: still once.
    await as(author, 'PATCH', `/api/comments/${id}`, { content: 'hello' });
    await as(author, 'PATCH', `/api/comments/${id}`, { content: `hello @${second.username}` });
    expect(await entriesOf(second)).toHaveLength(1);
  });

  it('a comment refused (blocked words) or rolled back notifies nobody', async () => {
    const [owner, fan, named] = [await user(), await user(), await user()];
    const post = await createPost(db(), owner);
    await createBlockedWord(db(), 'forbiddenword');
    const before = await mark();
    const refused = await as(fan, 'POST', `/api/posts/${post.id}/comments`, {
      content: 'a forbiddenword here',
    });
    expect(refused.statusCode).toBe(400);
    // A failure after the comment's own entry was written (the database refuses the mention's):
    // the comment and its owner's entry go back with it.
    await db().execute(sql`
      CREATE FUNCTION test_refuse_mention() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.kind = 'mention' THEN RAISE EXCEPTION 'mention refused'; END IF; RETURN NEW; END $$`);
    await db().execute(sql`
      CREATE TRIGGER test_refuse_mention AFTER INSERT ON notifications
      FOR EACH ROW EXECUTE FUNCTION test_refuse_mention()`);
    try {
      const failed = await as(fan, 'POST', `/api/posts/${post.id}/comments`, {
        content: `@${named.username} gg`,
      });
      expect(failed.statusCode).toBe(500);
    } finally {
      await db().execute(sql`DROP TRIGGER test_refuse_mention ON notifications`);
      await db().execute(sql`DROP FUNCTION test_refuse_mention()`);
    }
    expect(await entriesSince(before)).toEqual([]);
    const left = await rows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM comments WHERE post_id = ${post.id}`,
    );
    expect(left[0]?.n).toBe(0);
  });
});

describe('teams', () => {
  const teamOf = async () => {
    const [leader, co, member] = [await user(), await user(), await user()];
    const team = await createTeam(db(), leader, {
      members: [{ user: co, role: 'co-leader' }, { user: member }],
      values: { isRecruiting: true },
    });
    return { leader, co, member, team };
  };

  it('an application tells the leader and co-leaders; its answer tells the applicant', async () => {
    const { leader, co, member, team } = await teamOf();
    const [applicant, other] = [await user(), await user()];
    const applied = await as(applicant, 'POST', `/api/teams/${team.id}/applications`, {
      message: 'Can I join?',
    });
    expect(applied.statusCode).toBe(201);
    for (const manager of [leader, co])
      expect(await entriesOf(manager)).toMatchObject([
        {
          kind: 'team-application',
          team_id: team.id,
          actors: [applicant.id],
          data: { title: team.name, excerpt: 'Can I join?' },
        },
      ]);
    expect(await entriesOf(member)).toEqual([]);

    const accepted = await as(co, 'POST', `/api/team-applications/${applied.json().id}/respond`, {
      teamId: team.id,
      accept: true,
    });
    expect(accepted.statusCode).toBe(200);
    expect(await entriesOf(applicant, 'team-application-answered')).toMatchObject([
      { team_id: team.id, actors: [co.id], data: { accepted: true, title: team.name } },
    ]);

    const second = await as(other, 'POST', `/api/teams/${team.id}/applications`, {});
    await as(leader, 'POST', `/api/team-applications/${second.json().id}/respond`, {
      teamId: team.id,
      accept: false,
    });
    expect(await entriesOf(other, 'team-application-answered')).toMatchObject([
      { actors: [leader.id], data: { accepted: false, title: team.name } },
    ]);
  });

  it('an invitation tells the player invited', async () => {
    const { leader, team } = await teamOf();
    const invited = await user();
    const res = await as(leader, 'POST', `/api/teams/${team.id}/invites`, { userId: invited.id });
    expect(res.statusCode).toBe(201);
    expect(await entriesOf(invited)).toMatchObject([
      { kind: 'team-invitation', team_id: team.id, actors: [leader.id], data: { title: team.name } },
    ]);
    // Declining it tells nobody.
    const before = await mark();
    await as(invited, 'POST', `/api/team-invites/${res.json().id}/respond`, { accept: false });
    expect(await entriesSince(before)).toEqual([]);
  });

  it('a role changed tells the member (only a real change); a transfer tells the new leader', async () => {
    const { leader, co, member, team } = await teamOf();
    const res = await as(leader, 'PATCH', `/api/teams/${team.id}/members/${member.id}/role`, {
      role: 'co-leader',
    });
    expect(res.statusCode).toBe(200);
    expect(await entriesOf(member)).toMatchObject([
      {
        kind: 'team-role-changed',
        team_id: team.id,
        actors: [leader.id],
        data: { role: 'co-leader', title: team.name },
      },
    ]);
    await as(leader, 'PATCH', `/api/teams/${team.id}/members/${member.id}/role`, { role: 'co-leader' });
    expect(await entriesOf(member)).toHaveLength(1);
    expect((await as(leader, 'POST', `/api/teams/${team.id}/transfer`, { userId: co.id })).statusCode).toBe(
      200,
    );
    expect(await entriesOf(co)).toMatchObject([{ kind: 'team-role-changed', data: { role: 'leader' } }]);
    expect(await entriesOf(leader)).toEqual([]);
  });

  it('removed by a leader tells the player; leaving, editing the team and reading it tell nobody', async () => {
    const { leader, co, member, team } = await teamOf();
    const before = await mark();
    expect((await as(member, 'POST', `/api/teams/${team.id}/leave`)).statusCode).toBe(204);
    expect((await as(leader, 'PATCH', `/api/teams/${team.id}`, { description: 'New text' })).statusCode).toBe(
      200,
    );
    expect((await as(leader, 'GET', `/api/teams/${team.id}/members`)).statusCode).toBe(200);
    expect(await entriesSince(before)).toEqual([]);
    expect((await as(leader, 'DELETE', `/api/teams/${team.id}/members/${co.id}`)).statusCode).toBe(204);
    expect(await entriesOf(co)).toMatchObject([
      { kind: 'team-removed', team_id: team.id, actors: [leader.id], data: { title: team.name } },
    ]);
    expect(await entriesSince(before)).toHaveLength(1);
  });

  it('a team disbanded reaches every member but the one who disbanded it, with its name, by a queued job', async () => {
    const { leader, co, member, team } = await teamOf();
    const crowd = await Promise.all(Array.from({ length: 5 }, () => user()));
    await db().execute(
      sql`INSERT INTO team_members (team_id, user_id) SELECT ${team.id}::uuid, unnest(${`{${crowd.map((c) => c.id).join(',')}}`}::uuid[])`,
    );
    expect((await as(leader, 'DELETE', `/api/teams/${team.id}`)).statusCode).toBe(204);
    for (const p of [co, member, ...crowd])
      await expect
        .poll(async () => entriesOf(p))
        .toMatchObject([
          { kind: 'team-disbanded', team_id: null, actors: [leader.id], data: { title: team.name } },
        ]);
    expect(await entriesOf(leader)).toEqual([]);
    const jobs = await rows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM notification_jobs`);
    expect(jobs[0]?.n).toBe(0);
  });
});

describe('events', () => {
  const eventBody = {
    title: 'Op Nightfall',
    location: 'Leeds',
    date: new Date(Date.now() + 5 * 86_400_000).toISOString(),
  };

  it('a player moved up from the waitlist is told, with the date and place; the player leaving is not', async () => {
    const event = await createEvent(db(), { capacity: 1, title: 'Op Dawn', location: 'Sheffield' });
    const [a, b] = [await user(), await user()];
    expect((await as(a, 'POST', `/api/events/${event.id}/registration`)).statusCode).toBe(200);
    expect((await as(b, 'POST', `/api/events/${event.id}/registration`)).json().viewerStatus).toBe(
      'waitlisted',
    );
    const before = await mark();
    expect((await as(a, 'DELETE', `/api/events/${event.id}/registration`)).statusCode).toBe(200);
    expect(await entriesOf(b, 'event-waitlist-promoted')).toMatchObject([
      {
        event_id: event.id,
        actors: [],
        data: { title: 'Op Dawn', location: 'Sheffield', startsAt: event.date.toISOString() },
      },
    ]);
    expect((await entriesSince(before)).filter((e) => e.kind.startsWith('event-'))).toHaveLength(1);
    const told = await rows<{ notified: boolean }>(
      db(),
      sql`SELECT notified_at IS NOT NULL AS notified FROM event_promotions WHERE event_id = ${event.id}`,
    );
    expect(told).toEqual([{ notified: true }]);
  });

  it('a capacity raised moves waitlisted players up and tells them, and is no event change', async () => {
    const event = await createEvent(db(), { capacity: 1 });
    const [a, b, c] = [await user(), await user(), await user()];
    await createRegistration(db(), a, event);
    await createRegistration(db(), b, event, 'waitlisted');
    await createRegistration(db(), c, event, 'waitlisted');
    const before = await mark();
    expect((await as(admin, 'PATCH', `/api/events/${event.id}`, { capacity: 3 })).statusCode).toBe(200);
    const told = (await entriesSince(before)).filter((e) => e.kind !== 'badge-earned');
    expect(told.map((e) => e.recipient_id).sort()).toEqual([b.id, c.id].sort());
    expect(new Set(told.map((e) => e.kind))).toEqual(new Set(['event-waitlist-promoted']));
    expect(await entriesOf(a)).toEqual([]);
  });

  it('a change of date, place or rules tells the registered players what changed; the description, the same date or place again and a registration that fails tell nobody', async () => {
    const created = await as(admin, 'POST', '/api/events', { ...eventBody, capacity: 3 });
    const event = created.json();
    const [a, b, waiting] = [await user(), await user(), await user()];
    await createRegistration(db(), a, event);
    await createRegistration(db(), b, event);
    await createRegistration(db(), waiting, event, 'waitlisted');
    await createRegistration(db(), admin, event);
    const before = await mark();
    const patch = (body: object) => as(admin, 'PATCH', `/api/events/${event.id}`, body);
    expect((await patch({ description: 'Bring water' })).statusCode).toBe(200);
    expect((await patch({ location: 'Leeds' })).statusCode).toBe(200); // the same place
    expect((await patch({ date: eventBody.date })).statusCode).toBe(200); // the same date
    const past = await createEvent(db(), { date: new Date(Date.now() - 86_400_000) });
    expect((await as(a, 'POST', `/api/events/${past.id}/registration`)).statusCode).toBe(409);
    expect(await entriesSince(before)).toEqual([]);

    const later = new Date(Date.now() + 6 * 86_400_000).toISOString();
    expect((await patch({ date: later, location: 'York' })).statusCode).toBe(200);
    for (const p of [a, b])
      await expect
        .poll(async () => entriesOf(p, 'event-changed'))
        .toMatchObject([
          {
            event_id: event.id,
            actors: [admin.id],
            data: { title: 'Op Nightfall', location: 'York', startsAt: later, changed: ['date', 'location'] },
          },
        ]);
    expect((await patch({ rules: { pyroAllowed: true } })).statusCode).toBe(200);
    await expect
      .poll(async () => (await entriesOf(a, 'event-changed')).map((e) => e.data.changed))
      .toEqual([['date', 'location'], ['rules']]);
    expect(await entriesOf(waiting)).toEqual([]);
    expect(await entriesOf(admin, 'event-changed')).toEqual([]);
  });

  it('an event deleted tells its registered and waitlisted players, with its title, date and place', async () => {
    const created = await as(admin, 'POST', '/api/events', { ...eventBody, title: 'Op Gone', capacity: 1 });
    const event = created.json();
    const [a, waiting, outsider] = [await user(), await user(), await user()];
    await createRegistration(db(), a, event);
    await createRegistration(db(), waiting, event, 'waitlisted');
    expect((await as(admin, 'DELETE', `/api/events/${event.id}`)).statusCode).toBe(204);
    for (const p of [a, waiting])
      await expect
        .poll(async () => entriesOf(p))
        .toMatchObject([
          {
            kind: 'event-cancelled',
            event_id: null,
            actors: [admin.id],
            data: { title: 'Op Gone', location: 'Leeds', startsAt: new Date(eventBody.date).toISOString() },
          },
        ]);
    expect(await entriesOf(outsider)).toEqual([]);
  });
});

describe('badges', () => {
  it('a badge earned by an action tells its holder, once', async () => {
    const author = await user();
    expect((await as(author, 'POST', '/api/posts', { caption: 'My first', images: [] })).statusCode).toBe(
      201,
    );
    expect(await entriesOf(author)).toMatchObject([
      { kind: 'badge-earned', actors: [], data: { badge: 'first-post' } },
    ]);
    await as(author, 'POST', '/api/posts', { caption: 'My second', images: [] });
    expect(await entriesOf(author)).toHaveLength(1);
  });

  it("housekeeping's award of 'One Year a Member' tells each new holder", async () => {
    const [old, fresh] = [
      await createUser(db(), { joinedAt: new Date(Date.now() - 400 * 86_400_000) }),
      await user(),
    ];
    await runHousekeeping(db(), t.storage, new Date(), { badges: 'membership' });
    expect(await entriesOf(old)).toMatchObject([{ kind: 'badge-earned', data: { badge: 'one-year' } }]);
    expect(await entriesOf(fresh)).toEqual([]);
    await runHousekeeping(db(), t.storage, new Date(), { badges: 'membership' });
    expect(await entriesOf(old)).toHaveLength(1);
  });
});
