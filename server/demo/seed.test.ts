import { readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANADIAN_REGIONS } from '../../contract/constants';
import { NOTIFICATION_KINDS } from '../../contract/notifications';
import { rows } from '../db/rows';
import { users } from '../db/schema';
import { analyticsReport } from '../modules/analytics/report';
import { runHousekeeping } from '../modules/housekeeping/service';
import { createTestApp, type TestApp } from '../test/app';
import { DEMO_REPORTED_POST } from './reports';
import { DEMO_PASSWORD, seedDemo } from './seed';

let t: TestApp;
let first: { message: string } | null;

const count = async (table: string) => {
  const [r] = await rows<{ n: number | string }>(
    t.database.db,
    sql`SELECT count(*) AS n FROM ${sql.identifier(table)}`,
  );
  return Number(r.n);
};

beforeAll(async () => {
  t = await createTestApp();
  first = await seedDemo(t.database.db, t.storage, { adminUsernames: [] });
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('seedDemo', () => {
  it('answers a start-log message naming the admin account and the shared password', () => {
    expect(first).not.toBeNull();
    expect(first!.message).toContain('"admin" is the admin');
    expect(first!.message).toContain(DEMO_PASSWORD);
  });

  it('registers at least 12 players who all sign in with the demo password, admin holding the admin role by its grant', async () => {
    const all = await t.database.db.select().from(users);
    expect(all.length).toBeGreaterThanOrEqual(12);
    expect(all.find((u) => u.username === 'admin')?.role).toBe('admin');
    expect(all.filter((u) => u.role === 'admin')).toHaveLength(1);
    // Registered through the auth service: the admin role comes from its one-time grant.
    const grants = await rows<{ name: string; user_id: string }>(
      t.database.db,
      sql`SELECT name, user_id FROM admin_grants`,
    );
    expect(grants).toEqual([{ name: 'admin', user_id: all.find((u) => u.username === 'admin')!.id }]);
    for (const u of all) {
      expect(u.username).toMatch(/^[A-Za-z0-9_.-]{3,30}$/);
      expect(u.email).toMatch(/@example\.com$/);
    }
    for (const u of all.slice(0, 3)) {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: u.username, password: DEMO_PASSWORD },
      });
      expect(login.statusCode, u.username).toBe(200);
    }
    // Profiles were filled in and join dates lie in the past, months apart.
    expect(all.every((u) => u.bio && u.avatar && u.coverImage)).toBe(true);
    const joined = all.map((u) => u.joinedAt.getTime());
    expect(Math.max(...joined) - Math.min(...joined)).toBeGreaterThan(100 * 86_400_000);
  });

  it('keeps like and comment counters by the triggers, dates rows and recorded actions in the past, and blocks the blocked words', async () => {
    const mismatched = await rows(
      t.database.db,
      sql`SELECT 1 FROM posts p
          WHERE p.likes_count <> (SELECT count(*) FROM post_likes l WHERE l.post_id = p.id)
             OR p.comments_count <> (SELECT count(*) FROM comments c WHERE c.post_id = p.id)`,
    );
    expect(mismatched).toHaveLength(0);
    const [spread] = await rows<{ posts: number; recent_events: number | string; likes: number | string }>(
      t.database.db,
      sql`SELECT (SELECT count(DISTINCT date_trunc('hour', created_at)) FROM posts)::int AS posts,
            (SELECT count(*) FROM post_events WHERE occurred_at > now() - interval '1 minute') AS recent_events,
            (SELECT count(*) FROM post_events WHERE action = 'like') AS likes`,
    );
    expect(spread.posts).toBeGreaterThan(10);
    expect(Number(spread.recent_events)).toBe(0);
    expect(Number(spread.likes)).toBeGreaterThanOrEqual(await count('post_likes'));
    const words = await rows<{ word: string }>(
      t.database.db,
      sql`SELECT word FROM blocked_words ORDER BY word`,
    );
    expect(words.map((w) => w.word)).toEqual(['scamlink', 'spambot']);
    const blocked = await rows(
      t.database.db,
      sql`SELECT 1 FROM posts p, blocked_words w WHERE p.caption ~* ('\m' || w.word || '\M')`,
    );
    expect(blocked).toHaveLength(0);
  });

  it('answers null on a second call and adds nothing', async () => {
    const tables = ['users', 'posts', 'events', 'stores', 'teams', 'gear_posts', 'post_likes', 'comments'];
    const before = await Promise.all(tables.map(count));
    expect(await seedDemo(t.database.db, t.storage, { adminUsernames: [] })).toBeNull();
    expect(await Promise.all(tables.map(count))).toEqual(before);
  });

  it('fills posts with likes, comments and 0 to 5 images', async () => {
    const counts = await rows<{ n: number }>(
      t.database.db,
      sql`SELECT coalesce(array_length(images, 1), 0) AS n FROM posts`,
    );
    expect(counts.length).toBeGreaterThanOrEqual(20);
    expect(new Set(counts.map((c) => Number(c.n)))).toEqual(new Set([0, 1, 2, 3, 4, 5]));
    expect(await count('post_likes')).toBeGreaterThan(20);
    expect(await count('comments')).toBeGreaterThan(10);
    expect(await count('follows')).toBeGreaterThan(20);
    const selfFollows = await rows(
      t.database.db,
      sql`SELECT 1 FROM follows WHERE follower_id = following_id`,
    );
    expect(selfFollows).toHaveLength(0);
  });

  it('puts a waiver on the next milsim, signed by some players (version 1 outdated, version 2 current, a minor)', async () => {
    const [w] = await rows<{ event_id: string; version: number; text_hash: string }>(
      t.database.db,
      sql`SELECT w.event_id, w.version, w.text_hash FROM event_waivers w JOIN events e ON e.id = w.event_id WHERE e.type = 'Milsim'`,
    );
    expect(w.version).toBe(2);
    const signed = await rows<{ version: number; text_hash: string; guardian_name: string | null }>(
      t.database.db,
      sql`SELECT version, text_hash, guardian_name FROM waiver_signatures WHERE event_id = ${w.event_id}`,
    );
    expect(signed.filter((s) => s.text_hash === w.text_hash).length).toBeGreaterThan(0);
    expect(signed.filter((s) => s.text_hash !== w.text_hash).length).toBeGreaterThan(0);
    expect(signed.some((s) => s.guardian_name !== null)).toBe(true);
  });

  it('keeps every event registeredCount and waitlistCount equal to its registrations, within capacity, in the future', async () => {
    const list = await rows<{
      registered_count: number;
      waitlist_count: number;
      n: number | string;
      w: number | string;
      capacity: number;
      future: boolean;
      type: string;
      has_rules: boolean;
    }>(
      t.database.db,
      sql`SELECT e.registered_count, e.waitlist_count, e.capacity, e.date > now() AS future, e.type,
            e.rules IS NOT NULL AS has_rules,
            (SELECT count(*) FROM event_registrations r WHERE r.event_id = e.id AND r.status = 'registered') AS n,
            (SELECT count(*) FROM event_registrations r WHERE r.event_id = e.id AND r.status = 'waitlisted') AS w
          FROM events e`,
    );
    expect(list.length).toBeGreaterThanOrEqual(10);
    for (const e of list) {
      expect(e.registered_count).toBe(Number(e.n));
      expect(e.waitlist_count).toBe(Number(e.w));
      expect(e.registered_count).toBeLessThanOrEqual(e.capacity);
      expect(e.future).toBe(true);
    }
    // All three types, some with rules of engagement, some full with a waitlist.
    expect(new Set(list.map((e) => e.type))).toEqual(new Set(['Milsim', 'Local', 'Training']));
    expect(list.filter((e) => e.has_rules).length).toBeGreaterThanOrEqual(3);
    expect(
      list.filter((e) => e.waitlist_count > 0 && e.registered_count === e.capacity).length,
    ).toBeGreaterThanOrEqual(2);
  });

  it('hosts a milsim by a demo team with two sides and players on each (issue 25)', async () => {
    const [hosted] = await rows<{ id: string; host: string; sides: number | string }>(
      t.database.db,
      sql`SELECT e.id, e.host_team_id AS host, (SELECT count(*) FROM event_sides s WHERE s.event_id = e.id) AS sides
          FROM events e WHERE e.host_team_id IS NOT NULL AND e.type = 'Milsim'`,
    );
    expect(hosted).toBeDefined();
    expect(Number(hosted.sides)).toBe(2);
    const event = (await t.app.inject({ url: `/api/events/${hosted.id}` })).json();
    expect(event.hostTeam.id).toBe(hosted.host);
    expect(event.sides.every((s: { registeredCount: number }) => s.registeredCount > 0)).toBe(true);
  });

  it('gives events an end after the start (one left open) and the time zone of their place; the search finds demo gear', async () => {
    const list = await rows<{
      title: string;
      date: Date | string;
      end_date: Date | string | null;
      time_zone: string;
    }>(t.database.db, sql`SELECT title, date, end_date, time_zone FROM events`);
    const ended = list.filter((e) => e.end_date);
    expect(list.filter((e) => !e.end_date).map((e) => e.title)).toEqual(['Speedsoft Night League - Round 5']);
    for (const e of ended)
      expect(new Date(e.end_date as string).getTime()).toBeGreaterThan(new Date(e.date).getTime());
    expect(list.every((e) => e.time_zone.startsWith('America/'))).toBe(true);
    expect(list.find((e) => e.title === 'Operation Northwind')?.time_zone).toBe('America/Vancouver');
    const found = await t.app.inject({ url: '/api/search?q=m4' });
    expect(found.json().gear.map((g: { title: string }) => g.title)).toContain('HPA Speedsoft M4');
  });

  it('keeps gear averageRating and totalRatings equal to the ratings, never by the owner', async () => {
    const list = await rows<{
      average_rating: number;
      total_ratings: number;
      n: number | string;
      avg: string | null;
    }>(
      t.database.db,
      sql`SELECT g.average_rating, g.total_ratings,
            (SELECT count(*) FROM gear_ratings r WHERE r.gear_post_id = g.id) AS n,
            (SELECT avg(r.rating) FROM gear_ratings r WHERE r.gear_post_id = g.id) AS avg
          FROM gear_posts g`,
    );
    expect(list.length).toBeGreaterThanOrEqual(8);
    for (const g of list) {
      expect(g.total_ratings).toBe(Number(g.n));
      expect(g.average_rating).toBeCloseTo(g.avg === null ? 0 : Number(g.avg), 9);
    }
    const own = await rows(
      t.database.db,
      sql`SELECT 1 FROM gear_ratings r JOIN gear_posts g ON g.id = r.gear_post_id WHERE r.user_id = g.user_id`,
    );
    expect(own).toHaveLength(0);
    const outOfRange = await rows(
      t.database.db,
      sql`SELECT 1 FROM gear_ratings WHERE rating NOT BETWEEN 1 AND 5`,
    );
    expect(outOfRange).toHaveLength(0);
  });

  it('gives every team exactly one leader, who created it', async () => {
    const list = await rows<{ leaders: number | string; leader_is_creator: boolean }>(
      t.database.db,
      sql`SELECT (SELECT count(*) FROM team_members m WHERE m.team_id = t.id AND m.role = 'leader') AS leaders,
            EXISTS (SELECT 1 FROM team_members m WHERE m.team_id = t.id AND m.role = 'leader'
                    AND m.user_id = t.created_by) AS leader_is_creator
          FROM teams t`,
    );
    expect(list.length).toBeGreaterThanOrEqual(4);
    for (const team of list) {
      expect(Number(team.leaders)).toBe(1);
      expect(team.leader_is_creator).toBe(true);
    }
    const pending = await rows(t.database.db, sql`SELECT 1 FROM team_applications WHERE status = 'pending'`);
    expect(pending.length).toBeGreaterThanOrEqual(2);
  });

  it('fills the review queue: reported subjects with their snapshots, and a dismissed report in the audit log', async () => {
    const open = await rows<{ subject_type: string; n: number | string; authors_reported: boolean }>(
      t.database.db,
      sql`SELECT subject_type, count(*) AS n, bool_and(reporter_id IS DISTINCT FROM author_id) AS authors_reported
          FROM reports WHERE status = 'open' GROUP BY subject_type, subject_id ORDER BY count(*) DESC`,
    );
    expect(open.map((r) => [r.subject_type, Number(r.n)])).toEqual([
      ['post', 3],
      ['gear', 1],
    ]);
    expect(open.every((r) => r.authors_reported)).toBe(true);
    const [post] = await rows<{ caption: string }>(
      t.database.db,
      sql`SELECT snapshot->>'text' AS caption FROM reports WHERE subject_type = 'post' LIMIT 1`,
    );
    expect(post.caption).toContain(DEMO_REPORTED_POST);
    const dismissed = await rows<{ action: string; resolution: string; past: boolean }>(
      t.database.db,
      sql`SELECT a.action, r.resolution, a.created_at < now() - interval '1 day' AS past
          FROM reports r JOIN audit_log a ON a.subject_id = r.subject_id::text WHERE r.status = 'closed'`,
    );
    expect(dismissed).toEqual([{ action: 'report.dismiss', resolution: 'dismiss', past: true }]);
  });

  it('spreads stores over Canadian and other regions', async () => {
    const regions = (await rows<{ region: string }>(t.database.db, sql`SELECT region FROM stores`)).map(
      (r) => r.region,
    );
    const canadian: readonly string[] = CANADIAN_REGIONS;
    expect(regions.some((r) => canadian.includes(r))).toBe(true);
    expect(regions.some((r) => !canadian.includes(r))).toBe(true);
    // Every listed Canadian region has a store, and several US states do.
    for (const region of canadian) expect(regions, region).toContain(region);
    expect(new Set(regions.filter((r) => !canadian.includes(r))).size).toBeGreaterThanOrEqual(5);
    const websites = (await rows<{ website: string | null }>(t.database.db, sql`SELECT website FROM stores`))
      .map((r) => r.website)
      .filter((w) => w !== null);
    expect(websites.some((w) => w.startsWith('https://'))).toBe(true);
    expect(websites.some((w) => !w.startsWith('https://'))).toBe(true);
  });

  it('fills the analytics report of the last 30 days, countries as ISO codes', async () => {
    const month = await analyticsReport(t.database.db, '30d');
    const week = await analyticsReport(t.database.db, '7d');
    expect(month.totalSessions).toBeGreaterThan(week.totalSessions);
    expect(week.totalSessions).toBeGreaterThan(0);
    expect(month.avgDuration).toBeGreaterThan(0);
    expect(month.topSearches.length).toBeGreaterThan(0);
    expect(month.topPages.length).toBeGreaterThan(0);
    expect(month.postActivity.length).toBeGreaterThan(0);
    expect(month.topLocations.length).toBeGreaterThan(0);
    for (const l of month.topLocations) expect(l.country).toMatch(/^[A-Z]{2}$/);
  });

  it('stores the images the rows point at', async () => {
    const [u] = await t.database.db.select().from(users).limit(1);
    expect(u.avatar).toMatch(/^\/objects\/images\/demo-.+\.webp$/);
    const object = await t.storage.get(u.avatar!.replace(/^\/objects\//, ''));
    expect(object).not.toBeNull();
    expect(object!.contentType).toBe('image/webp');
    object!.body.destroy();

    const res = await t.app.inject({ method: 'GET', url: u.coverImage! });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
  });

  it('gives every demo image its variants, size and placeholder, which answers carry', async () => {
    const list = await rows<{
      object_path: string;
      width: number;
      height: number;
      placeholder: string;
      variant_widths: number[];
    }>(
      t.database.db,
      sql`SELECT object_path, width, height, placeholder, variant_widths FROM images WHERE object_path LIKE '/objects/images/demo-%'`,
    );
    expect(list.length).toBeGreaterThan(50);
    for (const image of list) {
      expect(image.width, image.object_path).toBeGreaterThan(0);
      expect(image.placeholder.length).toBeGreaterThan(10);
      expect(image.variant_widths).toEqual([320, 640, 1080].filter((w) => w < image.width));
    }
    const scene = list.find((i) => i.object_path.includes('-post-'))!;
    expect([scene.width, scene.height, scene.variant_widths]).toEqual([1200, 800, [320, 640, 1080]]);
    const variant = await t.app.inject({ url: scene.object_path.replace(/\.webp$/, '-w640.webp') });
    expect(variant.statusCode).toBe(200);
    expect(variant.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const feed = (await t.app.inject({ url: '/api/posts/feed' })).json();
    const withImages = feed.find((p: { images: string[] }) => p.images.length > 0);
    const entry = withImages.media[withImages.images[0]];
    expect(entry).toMatchObject({ width: 1200, height: 800 });
    expect(entry.srcset).toContain('-w320.webp 320w');
  });

  it('keeps every demo image through housekeeping, however late it runs', async () => {
    const demoImages = () =>
      readdirSync(path.join(t.dir, 'objects', 'images'))
        .filter((f) => f.startsWith('demo-'))
        .sort();
    const before = demoImages();
    expect(before.length).toBeGreaterThan(50);
    const result = await runHousekeeping(t.database.db, t.storage, new Date(Date.now() + 30 * 86_400_000));
    expect(result.images).toBe(0);
    expect(demoImages()).toEqual(before);
  });

  it('gives the demo players unread notifications of every kind, none of their own doing, in order of time, the reminder real', async () => {
    const db = t.database.db;
    const kinds = await rows<{ kind: string; unread: number; players: number }>(
      db,
      sql`SELECT kind, count(*) FILTER (WHERE read_at IS NULL)::int AS unread,
                 count(DISTINCT recipient_id) FILTER (WHERE read_at IS NULL)::int AS players
          FROM notifications GROUP BY kind ORDER BY kind`,
    );
    expect(kinds.map((k) => k.kind)).toEqual([...NOTIFICATION_KINDS].sort());
    for (const k of kinds) expect(k.unread, k.kind).toBeGreaterThan(0);
    // Every player has a few unread, and some read.
    const perPlayer = await rows<{ unread: number; read: number }>(
      db,
      sql`SELECT count(n.id) FILTER (WHERE n.read_at IS NULL)::int AS unread,
                 count(n.id) FILTER (WHERE n.read_at IS NOT NULL)::int AS read
          FROM users u LEFT JOIN notifications n ON n.recipient_id = u.id GROUP BY u.id`,
    );
    for (const p of perPlayer) {
      expect(p.unread).toBeGreaterThanOrEqual(3);
      expect(p.unread).toBeLessThan(40);
    }
    expect(perPlayer.some((p) => p.read > 0)).toBe(true);
    const own = await rows(
      db,
      sql`SELECT 1 FROM notification_actors a JOIN notifications n ON n.id = a.notification_id
          WHERE a.actor_id = n.recipient_id`,
    );
    expect(own).toHaveLength(0);
    // The list's order (seq) is the order of time, all in the past.
    const disorder = await rows(
      db,
      sql`SELECT 1 FROM notifications a JOIN notifications b ON a.recipient_id = b.recipient_id
          WHERE a.seq < b.seq AND a.created_at > b.created_at`,
    );
    expect(disorder).toHaveLength(0);
    expect(await rows(db, sql`SELECT 1 FROM notifications WHERE created_at > now()`)).toHaveLength(0);
    // The reminder is for a game that starts within the day, one per player registered for it.
    const reminders = await rows<{ soon: boolean; registered: boolean }>(
      db,
      sql`SELECT e.date BETWEEN now() AND now() + interval '24 hours' AS soon,
                 EXISTS (SELECT 1 FROM event_registrations r WHERE r.event_id = e.id AND r.user_id = n.recipient_id
                         AND r.status = 'registered') AS registered
          FROM notifications n JOIN events e ON e.id = n.event_id WHERE n.kind = 'event-reminder'`,
    );
    expect(reminders.length).toBeGreaterThan(3);
    expect(reminders.every((r) => r.soon && r.registered)).toBe(true);
    // Housekeeping after the seed (a start) finds no reminder left to send.
    expect((await runHousekeeping(db, t.storage, new Date(), { reminders: true })).reminders).toBe(0);
  });

  it('makes listed demo usernames admins too', async () => {
    const other = await createTestApp();
    try {
      await seedDemo(other.database.db, other.storage, { adminUsernames: ['Milsim_Maria'] });
      const admins = await rows<{ username: string }>(
        other.database.db,
        sql`SELECT username FROM users WHERE role = 'admin' ORDER BY username`,
      );
      expect(admins.map((a) => a.username)).toEqual(['admin', 'milsim_maria']);
    } finally {
      await other.close();
    }
    // A second whole demo (game day made it heavier): over 60 s with other suites on both cores.
  }, 120_000);
});
