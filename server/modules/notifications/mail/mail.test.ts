import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_TEXTS, type NotificationKind, PRODUCT_NAME } from '../../../../contract';
import { rows } from '../../../db/rows';
import { notificationSettings } from '../../../db/schema';
import type { Db } from '../../../db/types';
import { createSecondInstance, createTestApp, type TestApp } from '../../../test/app';
import {
  appWithPlayers,
  createComment,
  createPost,
  createTeam,
  createUser,
  injectAs,
  type TestUser,
} from '../../../test/factories';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp';
import { notify } from '../notify';
import { DIGEST_JOB, queueDigests, scheduleDigests } from './digest';
import { mailEntries } from './entries';
import { MAIL_MAX_ATTEMPTS } from './outbox';
import { createUnsubscribeSigner } from './unsubscribe';

const PUBLIC_URL = 'https://airsoft.example.test';
const FROM = '"Airsoft Community" <noreply@example.test>';
const SECRET = 'test-secret-test-secret-test-secret-123';

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

interface OutboxRow {
  id: number;
  user_id: string;
  notification_id: number | null;
  kind: string;
  attempts: number;
  next_attempt_at: string;
  sent_at: string | null;
  failed_at: string | null;
  last_error: string | null;
  waiting_for_ms: number;
}
const outbox = (db: Db, userId: string) =>
  rows<OutboxRow>(
    db,
    sql`SELECT *, (extract(epoch FROM next_attempt_at - now()) * 1000)::float8 AS waiting_for_ms
        FROM mail_outbox WHERE user_id = ${userId} ORDER BY id`,
  );

const setChannels = (db: Db, userId: string, channels: Partial<Record<NotificationKind, string>>) =>
  db
    .insert(notificationSettings)
    .values({ userId, channels: channels as never })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { channels: channels as never } });

/** The entry a notify just wrote for `userId`, as the list (and so the mail) tells it. */
async function latestEntry(db: Db, userId: string) {
  const [{ seq }] = await rows<{ seq: string }>(
    db,
    sql`SELECT max(seq)::text AS seq FROM notifications WHERE recipient_id = ${userId}`,
  );
  const [entry] = await mailEntries(db, userId, [Number(seq)]);
  return entry;
}

/** expect.poll with room for a loaded machine: a bound on waiting, not a timed assertion. */
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000, interval: 20 });

/** Waits for `cond` (outside a test, where expect.poll is not available). */
async function until(cond: () => boolean) {
  while (!cond()) await new Promise((r) => setTimeout(r, 20));
}

describe('mail through a real SMTP server (SMTP_URL set)', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let db: Db;
  let leader: TestUser;
  const mailsTo = (user: { email: string }) => smtp.mails.filter((m) => m.to.includes(user.email));

  beforeAll(async () => {
    smtp = await startTestSmtp((close) => cleanups.push(close));
    t = await createTestApp({
      config: { mail: { smtpUrl: smtp.url, from: FROM, publicUrl: PUBLIC_URL, pollMs: 50 } },
    });
    cleanups.push(() => t.close());
    db = t.database.db;
    leader = await createUser(db);
  });

  const invite = async (player: { id: string }) => {
    const team = await createTeam(db, leader, {
      name: `Team <b>${Math.random().toString(36).slice(2, 8)}</b>`,
    });
    await notify(
      db,
      {
        recipientIds: [player.id],
        kind: 'team-invitation',
        actorId: leader.id,
        teamId: team.id,
        data: { title: team.name },
      },
      { mail: true },
    );
    return team;
  };

  it("sends a kind set to 'email' as a mail with both parts, the site's name, the link and one-click unsubscribe headers", async () => {
    const player = await createUser(db);
    const team = await invite(player);
    const entry = await latestEntry(db, player.id);
    expect(entry.url).toBe(`/teams/${team.id}`);

    await eventually(() => mailsTo(player).length).toBe(1);
    const [mail] = mailsTo(player);
    const parsed = mail.parsed;
    expect(parsed.from?.value).toEqual([{ name: PRODUCT_NAME, address: 'noreply@example.test' }]);
    expect(mail.to).toEqual([player.email]);
    expect(parsed.subject).toBe(entry.text);
    const link = `${PUBLIC_URL}/teams/${team.id}`;
    expect(parsed.text).toContain(entry.text);
    expect(parsed.text).toContain(link);
    expect(parsed.text).toContain(PRODUCT_NAME);
    expect(parsed.html).toContain(`href="${link}"`);
    expect(parsed.html).toContain(PRODUCT_NAME);
    // The team's name came from a user: escaped in the HTML part.
    expect(parsed.html).toContain('Team &lt;b&gt;');
    expect(parsed.html).not.toContain('<b>');

    const unsubscribe = mail.header('list-unsubscribe');
    expect(unsubscribe).toMatch(
      new RegExp(`^<${PUBLIC_URL.replaceAll('.', '\\.')}/api/notifications/unsubscribe\\?token=[^>\\s]+>$`),
    );
    expect(mail.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const unsubscribeUrl = unsubscribe?.slice(1, -1) ?? '';
    expect(parsed.text).toContain(unsubscribeUrl);
    expect(parsed.html).toContain(`href="${unsubscribeUrl.replaceAll('&', '&amp;')}"`);

    const [row] = await outbox(db, player.id);
    expect(row).toMatchObject({ kind: 'team-invitation', attempts: 1, failed_at: null, last_error: null });
    expect(row.sent_at).not.toBeNull();
  });

  it('escapes everything from users in the HTML part (a comment quoted in the mail)', async () => {
    const author = await createUser(db);
    await setChannels(db, author.id, { comment: 'email' });
    const post = await createPost(db, author, { caption: 'Sunday game' });
    const content = `<img src=x onerror="alert(1)"> & 'quotes'`;
    const commenter = await createUser(db);
    const comment = await createComment(db, commenter, post, { content });
    await notify(
      db,
      {
        recipientIds: [author.id],
        kind: 'comment',
        actorId: commenter.id,
        postId: post.id,
        commentId: comment.id,
        data: { excerpt: content },
      },
      { mail: true },
    );
    await eventually(() => mailsTo(author).length).toBe(1);
    const { parsed } = mailsTo(author)[0];
    expect(parsed.text).toContain(content);
    expect(parsed.html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &#39;quotes&#39;');
    expect(parsed.html).not.toContain('<img');
  });

  it("sends nothing for kinds taken in the app ('app' defaults and choices)", async () => {
    const player = await createUser(db);
    const post = await createPost(db, player);
    const fan = await createUser(db);
    await notify(
      db,
      {
        recipientIds: [player.id],
        kind: 'like',
        actorId: fan.id,
        groupKey: `like:${post.id}`,
        postId: post.id,
      },
      { mail: true },
    );
    await setChannels(db, player.id, { 'event-reminder': 'app' });
    await notify(
      db,
      { recipientIds: [player.id], kind: 'event-reminder', dedupeKey: 'reminder:x' },
      { mail: true },
    );
    expect(await outbox(db, player.id)).toEqual([]);
    // A mail queued after them arrives alone: the sender passed over them.
    await invite(player);
    await eventually(() => mailsTo(player).length).toBe(1);
    expect(mailsTo(player)[0].parsed.subject).toBe((await latestEntry(db, player.id)).text);
  });

  it('a request that notifies does not wait for the mail server (which holds every message)', async () => {
    const [player, other] = [await createUser(db), await createUser(db)];
    const team = await createTeam(db, leader);
    const inviteByApi = (user: TestUser) =>
      injectAs(t.app, leader, {
        method: 'POST',
        url: `/api/teams/${team.id}/invites`,
        payload: { userId: user.id },
      });
    smtp.hold();
    try {
      expect((await inviteByApi(player)).statusCode).toBe(201);
      // The sender has the first mail in hand, and the mail server keeps it.
      await eventually(() => smtp.holding).toBe(1);
      expect((await inviteByApi(other)).statusCode).toBe(201);
      // Answered while the first mail is still held: nothing has arrived, the second waits queued.
      expect(smtp.holding).toBe(1);
      expect(mailsTo(player)).toHaveLength(0);
      expect(await outbox(db, other.id)).toMatchObject([
        { kind: 'team-invitation', attempts: 0, sent_at: null },
      ]);
    } finally {
      smtp.release();
    }
    await eventually(() => mailsTo(player).length + mailsTo(other).length).toBe(2);
    // The settings say mail is sent on this site.
    const prefs = await injectAs(t.app, player, { url: '/api/notifications/preferences' });
    expect(prefs.json()).toMatchObject({ emailConfigured: true });
  });

  describe('the unsubscribe link', () => {
    let player: TestUser;
    let path: string;
    beforeAll(async () => {
      player = await createUser(db);
      await invite(player);
      await until(() => mailsTo(player).length === 1);
      path = (mailsTo(player)[0].header('list-unsubscribe') ?? '').slice(PUBLIC_URL.length + 1, -1);
    });
    const channels = async (userId: string) =>
      (await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId)))[0] ??
      null;

    it('GET asks without changing anything: JSON, or a page whose form posts the one-click body', async () => {
      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        kind: 'team-invitation',
        label: 'Team invitations',
        unsubscribed: false,
        message: expect.stringContaining('Team invitations'),
      });
      const page = await t.app.inject({ method: 'GET', url: path, headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain(`action="${path.replaceAll('&', '&amp;')}"`);
      expect(page.body).toContain('name="List-Unsubscribe" value="One-Click"');
      expect(await channels(player.id)).toBeNull();
    });

    it("one-click POST (RFC 8058: a form body, no session, any origin) sets the kind to 'app': no more mail of it", async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.net' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        kind: 'team-invitation',
        unsubscribed: true,
        message: NOTIFICATION_TEXTS.unsubscribed,
      });
      expect((await channels(player.id))?.channels).toEqual({ 'team-invitation': 'app' });
      // Again (a second click) answers the same; the page's form gets a page.
      const again = await t.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'multipart/form-data; boundary=x', accept: 'text/html' },
        payload:
          '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
      });
      expect(again.statusCode).toBe(200);
      expect(again.body).toContain(NOTIFICATION_TEXTS.unsubscribed);
      // The next invitation is shown in the app only.
      const before = (await outbox(db, player.id)).length;
      await invite(player);
      expect(await outbox(db, player.id)).toHaveLength(before);
    });

    it("leaves a kind turned 'off' off, and stops the digest with the digest's link", async () => {
      const other = await createUser(db);
      await db
        .insert(notificationSettings)
        .values({ userId: other.id, channels: { 'event-changed': 'off' }, digest: true });
      const signer = createUnsubscribeSigner(SECRET);
      const post = (kind: 'event-changed' | 'digest') =>
        t.app.inject({
          method: 'POST',
          url: `/api/notifications/unsubscribe?token=${encodeURIComponent(signer.token(other.id, kind))}`,
        });
      expect((await post('event-changed')).statusCode).toBe(200);
      expect(await channels(other.id)).toMatchObject({ channels: { 'event-changed': 'off' }, digest: true });
      expect((await post('digest')).json()).toMatchObject({ kind: 'digest', unsubscribed: true });
      expect(await channels(other.id)).toMatchObject({ channels: { 'event-changed': 'off' }, digest: false });
    });

    it('refuses a forged or broken token with 400 and changes nothing', async () => {
      const victim = await createUser(db);
      const token = decodeURIComponent(path.split('token=')[1]);
      const [, , mac] = token.split('.');
      const forged = [
        `${victim.id}.team-invitation.${mac}`, // another player's id under this player's signature
        `${player.id}.event-reminder.${mac}`, // another kind
        createUnsubscribeSigner('another-secret-another-secret-1234').token(victim.id, 'team-invitation'),
        `${token}x`,
        'garbage',
        `${victim.id}.no-such-kind.${mac}`,
      ];
      for (const bad of forged) {
        const url = `/api/notifications/unsubscribe?token=${encodeURIComponent(bad)}`;
        for (const method of ['GET', 'POST'] as const) {
          const res = await t.app.inject({ method, url });
          expect(res.statusCode, `${method} ${bad}`).toBe(400);
          expect(res.json()).toEqual({ message: NOTIFICATION_TEXTS.unsubscribeInvalid });
        }
      }
      const page = await t.app.inject({
        method: 'GET',
        url: '/api/notifications/unsubscribe?token=garbage',
        headers: { accept: 'text/html' },
      });
      expect(page.statusCode).toBe(400);
      expect(page.body).toContain(NOTIFICATION_TEXTS.unsubscribeInvalid);
      expect(await channels(victim.id)).toBeNull();
      expect((await t.app.inject({ method: 'POST', url: '/api/notifications/unsubscribe' })).statusCode).toBe(
        400,
      );
    });
  });
  it('a mail server that is down loses no mail: the rows stay queued, backed off; back up, each is delivered once', async () => {
    const player = await createUser(db);
    await smtp.stop();
    try {
      await invite(player);
      await invite(player);
      await eventually(
        async () => (await outbox(db, player.id)).filter((r) => r.last_error !== null).length,
      ).toBe(2);
      for (const row of await outbox(db, player.id)) {
        expect(row).toMatchObject({ attempts: 1, sent_at: null, failed_at: null });
        expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
        // The next attempt waits about 30 s (the first backoff), not the 5-minute claim lease.
        expect(row.waiting_for_ms).toBeGreaterThan(20_000);
        expect(row.waiting_for_ms).toBeLessThan(31_000);
      }
      expect(mailsTo(player)).toHaveLength(0);
      // Due again while still down: the wait doubles.
      await db.execute(
        sql`UPDATE mail_outbox SET next_attempt_at = now(), last_error = NULL WHERE user_id = ${player.id}`,
      );
      await eventually(
        async () => (await outbox(db, player.id)).filter((r) => r.attempts === 2 && r.last_error).length,
      ).toBe(2);
      for (const row of await outbox(db, player.id)) {
        expect(row.waiting_for_ms).toBeGreaterThan(50_000);
        expect(row.waiting_for_ms).toBeLessThan(61_000);
      }
    } finally {
      await smtp.start();
    }
    // The backoff has passed.
    await db.execute(sql`UPDATE mail_outbox SET next_attempt_at = now() WHERE user_id = ${player.id}`);
    await eventually(async () => (await outbox(db, player.id)).filter((r) => r.sent_at !== null).length).toBe(
      2,
    );
    expect((await outbox(db, player.id)).map((r) => [r.attempts, r.last_error])).toEqual([
      [3, null],
      [3, null],
    ]);
    // Exactly once: a mail queued after them arrives, and they did not come again.
    await invite(player);
    await eventually(() => mailsTo(player).length).toBe(3);
    expect(new Set(mailsTo(player).map((m) => m.parsed.subject)).size).toBe(3);
  });

  it('gives up after MAIL_MAX_ATTEMPTS failures, and at once when the mail server refuses the address', async () => {
    const refused = await createUser(db);
    smtp.refuse(refused.email);
    await invite(refused);
    await eventually(async () => (await outbox(db, refused.id))[0]?.failed_at ?? null).not.toBeNull();
    expect((await outbox(db, refused.id))[0]).toMatchObject({ attempts: 1, sent_at: null });
    expect((await outbox(db, refused.id))[0].last_error).toMatch(/550/);

    await smtp.stop();
    try {
      const player = await createUser(db);
      await invite(player);
      await eventually(async () => (await outbox(db, player.id))[0]?.last_error ?? null).not.toBeNull();
      expect((await outbox(db, player.id))[0].failed_at).toBeNull();
      // Seven attempts failed already; the eighth is the last.
      await db.execute(
        sql`UPDATE mail_outbox SET attempts = ${MAIL_MAX_ATTEMPTS - 1}, next_attempt_at = now() WHERE user_id = ${player.id}`,
      );
      await eventually(async () => (await outbox(db, player.id))[0]?.failed_at ?? null).not.toBeNull();
      expect((await outbox(db, player.id))[0]).toMatchObject({ attempts: MAIL_MAX_ATTEMPTS, sent_at: null });
    } finally {
      await smtp.start();
    }
  });

  it('sends nothing, and marks the row done, when the player took the kind off email (or the digest off) before it went', async () => {
    const player = await createUser(db);
    const team = await createTeam(db, leader);
    // Queued, then the player changes their mind before the sender came by (one transaction: no race).
    await db.transaction(async (tx) => {
      await notify(
        tx,
        { recipientIds: [player.id], kind: 'team-invitation', actorId: leader.id, teamId: team.id },
        { mail: true },
      );
      await setChannels(tx as unknown as Db, player.id, { 'team-invitation': 'app' });
      await tx.execute(sql`
        INSERT INTO mail_outbox (user_id, kind, subject, text_body, html_body) VALUES (${player.id}, 'digest', 's', 't', 'h')`);
    });
    await eventually(
      async () => (await outbox(db, player.id)).filter((r) => r.failed_at !== null).length,
    ).toBe(2);
    const done = await outbox(db, player.id);
    expect(done.map((r) => [r.kind, r.last_error])).toEqual([
      ['team-invitation', 'skipped: the kind is no longer sent by email'],
      ['digest', 'skipped: the digest was turned off'],
    ]);
    // After them, a mail that is still wanted arrives alone.
    await setChannels(db, player.id, {});
    await invite(player);
    await eventually(() => mailsTo(player).length).toBe(1);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'two instances sending from one outbox send each mail once (FOR UPDATE SKIP LOCKED)',
    async () => {
      const second = await createSecondInstance(t, {
        config: { mail: { smtpUrl: smtp.url, from: FROM, publicUrl: PUBLIC_URL, pollMs: 20 } },
      });
      try {
        const players: TestUser[] = [];
        for (let i = 0; i < 30; i++) players.push(await createUser(db));
        const team = await createTeam(db, leader);
        await notify(
          db,
          {
            recipientIds: players.map((p) => p.id),
            kind: 'team-invitation',
            actorId: leader.id,
            teamId: team.id,
          },
          { mail: true },
        );
        const emails = new Set(players.map((p) => p.email));
        const arrived = () => smtp.mails.filter((m) => m.to.some((to) => emails.has(to)));
        await eventually(() => arrived().length).toBe(30);
        await eventually(async () => {
          const [{ n }] = await rows<{ n: number }>(
            db,
            sql`SELECT count(*)::int AS n FROM mail_outbox WHERE notification_id IS NOT NULL
                  AND sent_at IS NOT NULL AND user_id = ANY(${`{${players.map((p) => p.id).join(',')}}`}::uuid[])`,
          );
          return n;
        }).toBe(30);
        expect(new Set(arrived().flatMap((m) => m.to)).size).toBe(30);
      } finally {
        await second.close();
      }
    },
  );

  describe('the daily digest', () => {
    const signer = createUnsubscribeSigner(SECRET);
    const config = () => ({ smtpUrl: smtp.url, from: FROM, publicUrl: PUBLIC_URL });
    const digests = async (userId: string) => (await outbox(db, userId)).filter((r) => r.kind === 'digest');

    it('gathers the unread entries not mailed once, up to 20 with "and N more", and not again within 24 hours', async () => {
      const player = await createUser(db);
      await db.insert(notificationSettings).values({ userId: player.id, digest: true });
      const fan = await createUser(db);
      const posts = [];
      for (let i = 0; i < 22; i++) posts.push(await createPost(db, player, { caption: `Game ${i}` }));
      for (const post of posts)
        await notify(
          db,
          {
            recipientIds: [player.id],
            kind: 'like',
            actorId: fan.id,
            groupKey: `like:${post.id}`,
            postId: post.id,
          },
          { mail: true },
        );
      // Read already, and mailed on its own (an 'email' kind): neither is in the digest.
      await db.execute(
        sql`UPDATE notifications SET read_at = now() WHERE recipient_id = ${player.id} AND post_id = ${posts[0].id}`,
      );
      await invite(player);
      await eventually(() => mailsTo(player).length).toBe(1);

      await queueDigests(db, config(), signer);
      expect(await digests(player.id)).toHaveLength(1);
      await eventually(() => mailsTo(player).length).toBe(2);
      const digest = mailsTo(player)[1];
      expect(digest.parsed.subject).toBe(`21 new notifications on ${PRODUCT_NAME}`);
      const [{ seqs }] = await rows<{ seqs: number[] }>(
        db,
        sql`SELECT array_agg(seq::int ORDER BY seq DESC) AS seqs FROM notifications
            WHERE recipient_id = ${player.id} AND kind = 'like' AND read_at IS NULL`,
      );
      const listed = await mailEntries(db, player.id, seqs.slice(0, 20));
      for (const entry of listed) {
        expect(digest.parsed.text).toContain(entry.text);
        expect(digest.parsed.text).toContain(`${PUBLIC_URL}${entry.url}`);
        expect(digest.parsed.html).toContain(`href="${PUBLIC_URL}${entry.url}"`);
      }
      const [oldest] = await mailEntries(db, player.id, seqs.slice(20));
      expect(digest.parsed.text).not.toContain(`${PUBLIC_URL}${oldest.url}\n`);
      expect(digest.parsed.text).toContain('And 1 more.');
      expect(digest.parsed.text).not.toContain(`/posts/${posts[0].id}`);
      expect(digest.parsed.text).not.toContain('/teams/');
      expect(digest.parsed.text).toContain(PRODUCT_NAME);
      // Its unsubscribe link stops the digest.
      const token = decodeURIComponent(
        (digest.header('list-unsubscribe') ?? '').split('token=')[1].slice(0, -1),
      );
      expect(signer.read(token)).toEqual({ userId: player.id, kind: 'digest' });

      // Within 24 hours: nothing more, even with something new.
      await queueDigests(db, config(), signer);
      await notify(
        db,
        {
          recipientIds: [player.id],
          kind: 'follow',
          actorId: fan.id,
          groupKey: 'follow',
          data: { username: fan.username },
        },
        { mail: true },
      );
      await queueDigests(db, config(), signer, new Date(Date.now() + 23 * 3600_000));
      expect(await digests(player.id)).toHaveLength(1);
      // A day later: only what came since the last one.
      await queueDigests(db, config(), signer, new Date(Date.now() + 25 * 3600_000));
      expect(await digests(player.id)).toHaveLength(2);
      await eventually(() => mailsTo(player).length).toBe(3);
      expect(mailsTo(player)[2].parsed.subject).toBe(`1 new notification on ${PRODUCT_NAME}`);
      expect(mailsTo(player)[2].parsed.text).toContain((await latestEntry(db, player.id)).text);
    });

    it('sends nothing to a player with nothing new, or without the digest, and queues one digest when two runs race', async () => {
      const quiet = await createUser(db);
      const without = await createUser(db);
      const busy = await createUser(db);
      await db.insert(notificationSettings).values([
        { userId: quiet.id, digest: true },
        { userId: busy.id, digest: true },
      ]);
      const fan = await createUser(db);
      for (const player of [without, busy])
        await notify(
          db,
          { recipientIds: [player.id], kind: 'follow', actorId: fan.id, groupKey: 'follow' },
          { mail: true },
        );
      await Promise.all([queueDigests(db, config(), signer), queueDigests(db, config(), signer)]);
      expect(await digests(quiet.id)).toHaveLength(0);
      expect(await digests(without.id)).toHaveLength(0);
      expect(await digests(busy.id)).toHaveLength(1);
      const [settings] = await db
        .select()
        .from(notificationSettings)
        .where(eq(notificationSettings.userId, quiet.id));
      expect(settings.digestSentAt).toBeNull();
    });

    it('runs once at the start of its schedule, skipping while another process runs it', async () => {
      const player = await createUser(db);
      await db.insert(notificationSettings).values({ userId: player.id, digest: true });
      await notify(
        db,
        { recipientIds: [player.id], kind: 'follow', actorId: leader.id, groupKey: 'follow' },
        { mail: true },
      );
      const results: unknown[] = [];
      let skips = 0;
      let release: () => void = () => {};
      let locked: () => void = () => {};
      const haveLock = new Promise<void>((resolve) => (locked = resolve));
      const held = t.database.exclusive(DIGEST_JOB, () => {
        locked();
        return new Promise<void>((resolve) => (release = resolve));
      });
      // The lock is held before the schedule starts (on PostgreSQL both ask on their own connection:
      // the schedule's first run could otherwise take it first, on a loaded machine).
      await haveLock;
      const skipped = scheduleDigests(
        t.database,
        config(),
        signer,
        (n) => results.push(n),
        (err) => results.push(err),
        {
          onSkipped: () => skips++,
        },
      );
      try {
        await eventually(() => skips).toBe(1);
      } finally {
        skipped();
        release();
        await held;
      }
      expect(results).toEqual([]);
      const stop = scheduleDigests(
        t.database,
        config(),
        signer,
        (n) => results.push(n),
        (err) => results.push(err),
      );
      try {
        await eventually(() => results).toEqual([1]);
        expect(await digests(player.id)).toHaveLength(1);
      } finally {
        stop();
      }
    });
  });
});

describe('without SMTP_URL', () => {
  let t: TestApp;
  let leader: TestUser;
  let player: TestUser;
  beforeAll(async () => {
    ({ t, leader, player } = await appWithPlayers({ leader: 'user', player: 'user' }));
    cleanups.push(() => t.close());
  });

  it('queues no mail for a kind set to email (shown in the app only), and the settings say email is not configured', async () => {
    const db = t.database.db;
    const team = await createTeam(db, leader);
    const res = await injectAs(t.app, leader, {
      method: 'POST',
      url: `/api/teams/${team.id}/invites`,
      payload: { userId: player.id },
    });
    expect(res.statusCode).toBe(201);
    const list = await injectAs(t.app, player, { url: '/api/notifications' });
    expect(list.json().items.map((n: { kind: string }) => n.kind)).toEqual(['team-invitation']);
    expect(await rows(db, sql`SELECT id FROM mail_outbox`)).toEqual([]);
    const prefs = await injectAs(t.app, player, { url: '/api/notifications/preferences' });
    expect(prefs.json()).toMatchObject({ emailConfigured: false, kinds: { 'team-invitation': 'email' } });
  });
});

describe('the sender on close', () => {
  let smtp: TestSmtp;
  let t: TestApp;
  let closed = false;
  beforeAll(async () => {
    smtp = await startTestSmtp((close) => cleanups.push(close));
    t = await createTestApp({
      config: { mail: { smtpUrl: smtp.url, from: FROM, publicUrl: PUBLIC_URL, pollMs: 50 } },
    });
    cleanups.push(async () => {
      if (!closed) await t.app.close();
      await t.database.close();
    });
  });

  it('stops cleanly: the app closes once the mail it was sending is sent and marked', async () => {
    const db = t.database.db;
    const player = await createUser(db);
    smtp.hold();
    await notify(
      db,
      { recipientIds: [player.id], kind: 'event-reminder', dedupeKey: 'reminder:close' },
      { mail: true },
    );
    await eventually(() => smtp.holding).toBe(1);
    const closing = t.app.close().then(() => {
      closed = true;
    });
    smtp.release();
    await closing;
    // Had the close not waited for the sender, it would have ended before the mail server let the
    // mail through: the mail is in, and marked sent, as soon as the app is closed.
    expect(smtp.mails.map((m) => m.to)).toEqual([[player.email]]);
    const [row] = await outbox(db, player.id);
    expect(row.sent_at).not.toBeNull();
  });
});
