import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { EXPORT_DOWNLOAD_PATH, EXPORT_TEXTS } from '../../../contract';
import { rows } from '../../db/rows';
import {
  calendarTokens,
  fieldRatings,
  notificationActors,
  notificationSettings,
  notifications,
  pageViews,
  postBookmarks,
  reports,
  searchEvents,
  sessions,
  teamApplications,
  teamGallery,
  teamInvites,
  userBadges,
} from '../../db/schema';
import type { Db } from '../../db/types';
import type { ObjectStorage } from '../../storage/types';
import { createTestApp, type TestApp } from '../../test/app';
import {
  createComment,
  createField,
  createFollow,
  createGearPost,
  createGearRating,
  createLike,
  createPost,
  createRegistration,
  createTeam,
  createUser,
  injectAs,
  type TestUser,
} from '../../test/factories';
import { runHousekeeping } from '../housekeeping';
import { runDueExports } from './jobs';

/** Every entry of a ZIP, read by an independent reader (yauzl). */
function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const out = new Map<string, Buffer>();
      zip.on('error', reject);
      zip.on('end', () => resolve(out));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

const IMAGE = Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 fake image bytes of alice', 'latin1');

async function storeImage(storage: ObjectStorage, bytes = IMAGE) {
  const name = `${randomUUID()}.webp`;
  await storage.putBuffer(`images/${name}`, bytes, 'image/webp');
  return `/objects/images/${name}`;
}

/** Whether `key` is in storage (the file handle closed at once). */
async function stored(storage: ObjectStorage, key: string | null) {
  const object = await storage.get(key as string);
  object?.body.destroy();
  return object !== null;
}

const exportRow = async (db: Db, userId: string) =>
  (
    await rows<{ id: string; status: string; object_key: string | null; user_id: string | null }>(
      db,
      sql`SELECT id::text, status, object_key, user_id::text FROM user_exports WHERE user_id = ${userId}`,
    )
  )[0];

let t: TestApp;
let db: Db;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let dave: TestUser;
let postImage: string;
let avatar: string;
let gearImage: string;
let galleryImage: string;

beforeAll(async () => {
  // Exports are built by hand here (runDueExports), so each test knows when one is built.
  t = await createTestApp({ config: { dataExportJobs: false } });
  db = t.database.db;
  alice = await createUser(db);
  bob = await createUser(db);
  carol = await createUser(db);
  dave = await createUser(db);

  avatar = await storeImage(t.storage);
  const cover = await storeImage(t.storage);
  await db.execute(
    sql`UPDATE users SET bio = 'alice-bio', location = 'Leeds', avatar = ${avatar}, cover_image = ${cover} WHERE id = ${alice.id}`,
  );
  postImage = await storeImage(t.storage);
  // A post whose second image is no longer stored: left out, and said so.
  await createPost(db, alice, {
    caption: 'alice-post-caption',
    images: [postImage, '/objects/images/missing.webp'],
  });
  const bobPost = await createPost(db, bob, { caption: 'bob-post-caption' });
  await createComment(db, alice, bobPost, { content: 'alice-comment-text' });
  await createComment(db, bob, bobPost, { content: 'bob-comment-text' });
  await createLike(db, alice, bobPost);
  await db.insert(postBookmarks).values({ postId: bobPost.id, userId: alice.id });
  await createFollow(db, alice, bob);
  await createFollow(db, carol, alice);
  await createFollow(db, bob, carol);
  const aliceGame = await createRegistration(db, alice, null);
  // Issue 26: a question alice asked in the game's discussion.
  await db.execute(
    sql`INSERT INTO event_comments (event_id, user_id, content)
        VALUES (${aliceGame.eventId}::uuid, ${alice.id}::uuid, 'alice-event-question')`,
  );
  // Game day (issue 25): a signed waiver, a check-in, a chrono reading and a replica of alice's.
  await db.execute(
    sql`INSERT INTO waiver_signatures (event_id, user_id, event_title, event_date, source, version, text_hash, full_name, date_of_birth)
        VALUES (${aliceGame.eventId}::uuid, ${alice.id}::uuid, 'Op Alice', now(), 'event', 2, 'h', 'alice-full-name', '1990-01-02')`,
  );
  await db.execute(
    sql`INSERT INTO event_check_ins (event_id, user_id, checked_in_at, checked_in_by)
        VALUES (${aliceGame.eventId}::uuid, ${alice.id}::uuid, now(), ${bob.id}::uuid)`,
  );
  await db.execute(
    sql`INSERT INTO event_chrono_results (event_id, user_id, replica_class, joules, limit_joules, pass, measured_by)
        VALUES (${aliceGame.eventId}::uuid, ${alice.id}::uuid, 'aeg', 1.2, 1.5, true, ${bob.id}::uuid)`,
  );
  await db.execute(
    sql`INSERT INTO user_replicas (user_id, name, replica_class, fps, bb_weight_grams)
        VALUES (${alice.id}::uuid, 'alice-replica', 'aeg', 330, 0.2)`,
  );
  // Carpools (issue 26): a ride alice offers, and her request to join bob's.
  await db.execute(
    sql`INSERT INTO rides (event_id, user_id, kind, from_place, lat, lng, seats, note)
        VALUES (${aliceGame.eventId}::uuid, ${alice.id}::uuid, 'offer', 'alice-ride-from', 53.9, -1.1, 3, 'alice-ride-note'),
               (${aliceGame.eventId}::uuid, ${bob.id}::uuid, 'offer', 'bob-ride-from', 53.5, -1.2, 2, 'bob-ride-note')`,
  );
  await db.execute(
    sql`INSERT INTO ride_requests (ride_id, user_id, seats, status, note)
        SELECT id, ${alice.id}::uuid, 1, 'accepted', 'alice-request-note' FROM rides WHERE from_place = 'bob-ride-from'`,
  );

  const aliceTeam = await createTeam(db, alice, { name: 'Alice Raiders' });
  const carolTeam = await createTeam(db, carol, { name: 'Carol Company' });
  await db.insert(teamApplications).values([
    { teamId: aliceTeam.id, userId: bob.id, message: 'bob-application-message' },
    { teamId: carolTeam.id, userId: alice.id, message: 'alice-application-message' },
  ]);
  await db.insert(teamInvites).values([
    { teamId: carolTeam.id, userId: alice.id, invitedBy: carol.id },
    { teamId: aliceTeam.id, userId: dave.id, invitedBy: alice.id },
  ]);
  galleryImage = await storeImage(t.storage);
  await db.insert(teamGallery).values({
    teamId: aliceTeam.id,
    image: galleryImage,
    caption: 'alice-gallery-caption',
    uploadedBy: alice.id,
  });

  gearImage = await storeImage(t.storage);
  await createGearPost(db, alice, { title: 'alice-gear-title', image: gearImage });
  const bobGear = await createGearPost(db, bob, { title: 'bob-gear-title' });
  await createGearRating(db, bobGear, alice, 5);
  const field = await createField(db, { name: 'Field of Alice ratings' });
  await db.insert(fieldRatings).values({ fieldId: field.id, userId: alice.id, rating: 4 });
  await db.insert(userBadges).values({ userId: alice.id, badge: 'first-post' });

  const [aliceNote] = await db
    .insert(notifications)
    .values({ recipientId: alice.id, kind: 'follow', data: { excerpt: 'alice-notification-excerpt' } })
    .returning();
  await db.insert(notificationActors).values({ notificationId: aliceNote.id, actorId: carol.id });
  await db
    .insert(notifications)
    .values({ recipientId: bob.id, kind: 'follow', data: { excerpt: 'bob-private-notification' } });
  await db.insert(notificationSettings).values({ userId: alice.id, digest: true });

  const snapshot = { text: 'bob-post-caption', images: [], author: { id: bob.id, username: bob.username } };
  await db.insert(reports).values([
    {
      reporterId: alice.id,
      subjectType: 'post',
      subjectId: bobPost.id,
      authorId: bob.id,
      reason: 'spam',
      note: 'alice-report-note',
      snapshot: snapshot as never,
    },
    {
      reporterId: bob.id,
      subjectType: 'user',
      subjectId: alice.id,
      authorId: alice.id,
      reason: 'harassment',
      note: 'bob-report-about-alice',
      snapshot: { text: 'x', images: [] } as never,
    },
  ]);
  await db.insert(calendarTokens).values({ userId: alice.id, tokenHash: 'a'.repeat(64) });

  const [visit] = await db
    .insert(sessions)
    .values({ userId: alice.id, sessionId: 'alice-visit', country: 'GB', device: 'mobile' })
    .returning();
  const [anon] = await db.insert(sessions).values({ sessionId: 'anon-visit' }).returning();
  await db.insert(pageViews).values([
    { sessionId: visit.id, path: '/alice-page' },
    { sessionId: anon.id, path: '/anonymous-page' },
  ]);
  await db.insert(searchEvents).values([
    { userId: alice.id, query: 'alice-search' },
    { userId: bob.id, query: 'bob-search' },
  ]);
});
afterAll(() => t.close());

const download = (user: TestUser | null) => injectAs(t.app, user, { url: EXPORT_DOWNLOAD_PATH });

describe('download my data (issue 24)', () => {
  let files: Map<string, Buffer>;
  let data: Record<string, any>;

  it('a request answers 202 pending; the job builds the ZIP; GET says ready with the download for 7 days', async () => {
    expect((await injectAs(t.app, alice, { url: '/api/user/export' })).json()).toMatchObject({
      status: 'none',
      downloadUrl: null,
    });
    const res = await injectAs(t.app, alice, { method: 'POST', url: '/api/user/export' });
    expect(res.statusCode).toBe(202);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json()).toMatchObject({ status: 'pending', readyAt: null, downloadUrl: null });
    expect(await runDueExports(db, t.storage)).toBe(1);

    const state = (await injectAs(t.app, alice, { url: '/api/user/export' })).json();
    expect(state).toMatchObject({ status: 'ready', downloadUrl: EXPORT_DOWNLOAD_PATH });
    expect(state.size).toBeGreaterThan(0);
    const days = (Date.parse(state.expiresAt) - Date.parse(state.readyAt)) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);

    const zip = await download(alice);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['cache-control']).toBe('private, no-store');
    const day = new Date().toISOString().slice(0, 10);
    expect(zip.headers['content-disposition']).toBe(
      `attachment; filename="airsoft-${alice.username}-${day}.zip"`,
    );
    expect(zip.rawPayload.length).toBe(state.size);
    files = await unzip(zip.rawPayload);
    data = JSON.parse(files.get('data.json')?.toString('utf8') ?? '{}');
  });

  it('holds each kind of the player’s data', () => {
    expect(Object.keys(data)).toEqual(
      expect.arrayContaining([
        'profile',
        'posts',
        'comments',
        'likes',
        'bookmarks',
        'follows',
        'eventRegistrations',
        'eventComments',
        'waivers',
        'checkIns',
        'chronoResults',
        'replicas',
        'rides',
        'teams',
        'teamApplications',
        'teamInvites',
        'teamGallery',
        'gear',
        'gearRatings',
        'fieldRatings',
        'badges',
        'notifications',
        'notificationSettings',
        'reports',
        'sessions',
        'calendarFeed',
        'analytics',
        'files',
      ]),
    );
    expect(data.profile).toMatchObject({
      username: alice.username,
      email: alice.email,
      bio: 'alice-bio',
      avatar,
    });
    expect(data.posts).toHaveLength(1);
    expect(data.posts[0]).toMatchObject({
      caption: 'alice-post-caption',
      images: [postImage, '/objects/images/missing.webp'],
    });
    expect(data.comments.map((c: any) => [c.content, c.postAuthor])).toEqual([
      ['alice-comment-text', bob.username],
    ]);
    expect(data.likes).toHaveLength(1);
    expect(data.bookmarks).toHaveLength(1);
    expect(data.follows.following.map((f: any) => f.username)).toEqual([bob.username]);
    expect(data.follows.followers.map((f: any) => f.username)).toEqual([carol.username]);
    expect(Object.keys(data.follows.following[0]).sort()).toEqual(['since', 'username']);
    expect(data.eventRegistrations).toMatchObject([{ status: 'registered', private: false }]);
    expect(data.eventComments).toMatchObject([{ content: 'alice-event-question', byOrganiser: false }]);
    expect(data.waivers).toMatchObject([
      { version: 2, fullName: 'alice-full-name', dateOfBirth: '1990-01-02' },
    ]);
    expect(data.checkIns).toHaveLength(1);
    expect(data.chronoResults).toMatchObject([{ replicaClass: 'aeg', joules: 1.2, pass: true }]);
    // Who measured is another player: not in alice's export.
    expect(Object.keys(data.chronoResults[0])).not.toContain('measuredBy');
    expect(data.replicas).toMatchObject([{ name: 'alice-replica', replicaClass: 'aeg', fps: 330 }]);
    expect(data.rides.posted).toMatchObject([
      { kind: 'offer', fromPlace: 'alice-ride-from', seats: 3, note: 'alice-ride-note' },
    ]);
    expect(data.rides.requests).toMatchObject([
      { fromPlace: 'bob-ride-from', seats: 1, status: 'accepted', note: 'alice-request-note' },
    ]);
    // Bob's contact note is his, not alice's.
    expect(JSON.stringify(data)).not.toContain('bob-ride-note');
    expect(data.teams).toMatchObject([{ name: 'Alice Raiders', role: 'leader' }]);
    expect(data.teamApplications.made).toMatchObject([
      { team: 'Carol Company', message: 'alice-application-message', status: 'pending' },
    ]);
    expect(data.teamApplications.received).toMatchObject([
      { team: 'Alice Raiders', applicant: bob.username },
    ]);
    expect(data.teamInvites.received).toMatchObject([{ team: 'Carol Company', invitedBy: carol.username }]);
    expect(data.teamInvites.sent).toMatchObject([{ team: 'Alice Raiders', invitee: dave.username }]);
    expect(data.teamGallery).toMatchObject([{ caption: 'alice-gallery-caption' }]);
    expect(data.gear).toMatchObject([{ title: 'alice-gear-title', image: gearImage }]);
    expect(data.gearRatings).toMatchObject([{ gearTitle: 'bob-gear-title', rating: 5 }]);
    expect(data.fieldRatings).toMatchObject([{ fieldName: 'Field of Alice ratings', rating: 4 }]);
    expect(data.badges).toMatchObject([{ badge: 'first-post' }]);
    expect(data.notifications).toMatchObject([
      {
        kind: 'follow',
        data: { excerpt: 'alice-notification-excerpt' },
        actors: [carol.username],
        read: false,
      },
    ]);
    expect(data.notificationSettings).toMatchObject({ digest: true });
    expect(data.reports).toEqual([
      expect.objectContaining({ subjectType: 'post', reason: 'spam', note: 'alice-report-note' }),
    ]);
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    expect(Object.keys(data.sessions[0]).sort()).toEqual(['expiresAt', 'lastSeenAt', 'signedInAt']);
    expect(data.calendarFeed).toMatchObject({ exists: true });
    expect(data.analytics.visits).toMatchObject([{ country: 'GB', pageViews: [{ path: '/alice-page' }] }]);
    expect(data.analytics.searches).toMatchObject([{ query: 'alice-search' }]);
  });

  it('holds the player’s own images, and README.txt; a missing image is left out and listed', () => {
    const postFile = data.posts[0].imageFiles[0];
    expect(files.get(postFile)).toEqual(IMAGE);
    expect(files.get(data.profile.avatarFile)).toEqual(IMAGE);
    expect(files.get(data.gear[0].imageFile)).toEqual(IMAGE);
    expect(files.get(data.teamGallery[0].imageFile)).toEqual(IMAGE);
    expect(data.files.skipped).toEqual([{ file: 'images/posts/missing.webp', why: 'no longer stored' }]);
    expect([...files.keys()].filter((f) => f.startsWith('images/'))).toHaveLength(5);
    const readme = files.get('README.txt')?.toString('utf8') ?? '';
    expect(readme).toMatch(/data\.json/);
    expect(readme).toMatch(/waivers +the waivers you signed/);
    expect(readme).toMatch(/images\/posts\/missing\.webp: no longer stored/);
  });

  it('holds nobody else’s private data, nor any password or token hash', async () => {
    const everything = Buffer.concat([...files.values()]).toString('utf8');
    const secrets = await rows<{ v: string }>(
      db,
      sql`SELECT password AS v FROM users
          UNION ALL SELECT token_hash FROM user_sessions
          UNION ALL SELECT token FROM calendar_tokens
          UNION ALL SELECT email FROM users WHERE id <> ${alice.id}`,
    );
    expect(secrets.length).toBeGreaterThan(8);
    const others = [
      'bob-post-caption',
      'bob-comment-text',
      'bob-private-notification',
      'bob-report-about-alice',
      'bob-application-message',
      'bob-search',
      '/anonymous-page',
      'anon-visit',
    ];
    for (const s of [...secrets.map((r) => r.v), ...others]) expect(everything, s).not.toContain(s);
    // Bob's gear appears only as what Alice rated; the report's snapshot (Bob's content) is not in it.
    expect(everything).not.toContain('"snapshot"');
    expect(everything).not.toContain('"password"');
  });

  it('answers 401 signed out, and 404 to anyone else (they have no export of their own)', async () => {
    expect((await download(null)).statusCode).toBe(401);
    expect((await injectAs(t.app, null, { url: '/api/user/export' })).statusCode).toBe(401);
    expect((await injectAs(t.app, null, { method: 'POST', url: '/api/user/export' })).statusCode).toBe(401);
    const other = await download(bob);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(EXPORT_TEXTS.notFound);
    expect((await injectAs(t.app, bob, { url: '/api/user/export' })).json().status).toBe('none');
    expect(await rows(db, sql`SELECT 1 FROM user_exports WHERE user_id = ${bob.id}`)).toEqual([]);
  });

  it('a second request while one is pending answers 409 and makes no row; a new one replaces the last', async () => {
    const first = await exportRow(db, alice.id);
    const res = await injectAs(t.app, alice, { method: 'POST', url: '/api/user/export' });
    expect(res.statusCode).toBe(202);
    const again = await injectAs(t.app, alice, { method: 'POST', url: '/api/user/export' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(EXPORT_TEXTS.alreadyInProgress);
    expect(await rows(db, sql`SELECT 1 FROM user_exports WHERE user_id = ${alice.id}`)).toHaveLength(2);
    // Meanwhile the earlier ZIP can still be downloaded; GET shows the one being prepared.
    expect((await injectAs(t.app, alice, { url: '/api/user/export' })).json().status).toBe('pending');
    expect((await download(alice)).statusCode).toBe(200);

    await runDueExports(db, t.storage);
    const kept = await rows<{ id: string }>(
      db,
      sql`SELECT id::text FROM user_exports WHERE user_id = ${alice.id}`,
    );
    expect(kept).toHaveLength(1);
    expect(kept[0].id).not.toBe(first.id);
    expect(await stored(t.storage, first.object_key as string)).toBe(false);
  });

  it('a build whose process died (lease over) is taken again; a failed build says failed and may be asked again', async () => {
    const res = await injectAs(t.app, carol, { method: 'POST', url: '/api/user/export' });
    expect(res.statusCode).toBe(202);
    await db.execute(
      sql`UPDATE user_exports SET status = 'running', attempts = 1, lease_until = now() - interval '1 minute' WHERE user_id = ${carol.id}`,
    );
    expect(await runDueExports(db, t.storage)).toBe(1);
    expect((await exportRow(db, carol.id)).status).toBe('ready');

    const broken: ObjectStorage = Object.assign(Object.create(t.storage), {
      putStream: async () => {
        throw new Error('storage is down');
      },
    });
    await injectAs(t.app, dave, { method: 'POST', url: '/api/user/export' });
    expect(await runDueExports(db, broken)).toBe(1);
    expect((await injectAs(t.app, dave, { url: '/api/user/export' })).json()).toMatchObject({
      status: 'failed',
      downloadUrl: null,
    });
    expect((await download(dave)).statusCode).toBe(404);
    expect((await injectAs(t.app, dave, { method: 'POST', url: '/api/user/export' })).statusCode).toBe(202);
    await runDueExports(db, t.storage);
    expect((await injectAs(t.app, dave, { url: '/api/user/export' })).json().status).toBe('ready');
  });

  it('housekeeping deletes an export past its 7 days, with its ZIP', async () => {
    const row = await exportRow(db, carol.id);
    expect(await stored(t.storage, row.object_key as string)).toBe(true);
    const later = new Date(Date.now() + 7 * 86_400_000 + 60_000);
    const done = await runHousekeeping(db, t.storage, new Date(Date.now() + 6 * 86_400_000), {});
    expect(await exportRow(db, carol.id)).toBeDefined();
    expect(done.exports).toBe(0);
    expect((await runHousekeeping(db, t.storage, later, {})).exports).toBeGreaterThanOrEqual(1);
    expect(await exportRow(db, carol.id)).toBeUndefined();
    expect(await stored(t.storage, row.object_key as string)).toBe(false);
    expect((await injectAs(t.app, carol, { url: '/api/user/export' })).json().status).toBe('none');
    expect((await download(carol)).statusCode).toBe(404);
  });

  it('an expired export not yet swept is not offered nor served', async () => {
    await db.execute(
      sql`UPDATE user_exports SET expires_at = now() - interval '1 second' WHERE user_id = ${dave.id}`,
    );
    expect((await injectAs(t.app, dave, { url: '/api/user/export' })).json().status).toBe('none');
    expect((await download(dave)).statusCode).toBe(404);
  });

  it('a suspended player may still ask for their data', async () => {
    const suspended = await createUser(db, { suspendedUntil: new Date(Date.now() + 86_400_000) });
    const post = await injectAs(t.app, suspended, {
      method: 'POST',
      url: '/api/posts',
      payload: { caption: 'x' },
    });
    expect(post.statusCode).toBe(403);
    const res = await injectAs(t.app, suspended, { method: 'POST', url: '/api/user/export' });
    expect(res.statusCode).toBe(202);
    expect(res.json().status).toBe('pending');
  });

  it('a deleted account’s exports go with it, ZIP included', async () => {
    expect((await injectAs(t.app, alice, { method: 'POST', url: '/api/user/export' })).statusCode).toBe(202);
    await runDueExports(db, t.storage);
    const row = await exportRow(db, alice.id);
    expect(row.status).toBe('ready');
    expect((await injectAs(t.app, alice, { method: 'DELETE', url: '/api/user' })).statusCode).toBe(204);
    // The ZIP goes first, then the row (removeExports): wait for both.
    const gone = async () =>
      !(await stored(t.storage, row.object_key as string)) &&
      (await rows(db, sql`SELECT 1 FROM user_exports WHERE id = ${row.id}`)).length === 0;
    for (let i = 0; i < 100 && !(await gone()); i++) await new Promise((r) => setTimeout(r, 20));
    expect(await stored(t.storage, row.object_key as string)).toBe(false);
    expect(await rows(db, sql`SELECT 1 FROM user_exports WHERE id = ${row.id}`)).toEqual([]);
  });
});

describe('the export job and its limit', () => {
  let live: TestApp;
  beforeAll(async () => {
    live = await createTestApp({ config: { rateLimits: true } });
  });
  afterAll(() => live.close());

  it('is built by the app itself once asked, and counts 3 requests a day per account (429 after)', async () => {
    const player = await createUser(live.database.db);
    const codes: number[] = [];
    const res = await injectAs(live.app, player, { method: 'POST', url: '/api/user/export' });
    codes.push(res.statusCode);
    let state = res.json();
    for (let i = 0; i < 100 && state.status !== 'ready'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      state = (await injectAs(live.app, player, { url: '/api/user/export' })).json();
    }
    expect(state.status).toBe('ready');
    for (let i = 0; i < 2; i++)
      codes.push((await injectAs(live.app, player, { method: 'POST', url: '/api/user/export' })).statusCode);
    expect(codes.every((c) => c === 202 || c === 409)).toBe(true);
    const before = await rows(
      live.database.db,
      sql`SELECT id FROM user_exports WHERE user_id = ${player.id}`,
    );
    const refused = await injectAs(live.app, player, { method: 'POST', url: '/api/user/export' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(20 * 3600);
    expect(refused.json().message).toMatch(
      /Too many requests from this account: please try again in \d+ hours/,
    );
    expect(
      await rows(live.database.db, sql`SELECT id FROM user_exports WHERE user_id = ${player.id}`),
    ).toEqual(before);
  });
});
