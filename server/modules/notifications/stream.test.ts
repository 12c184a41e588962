import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_STREAMS_PER_USER, NOTIFICATION_TEXTS, type Notification } from '../../../contract';
import type { App } from '../../context';
import { createSecondInstance, createTestApp, type TestApp } from '../../test/app';
import { createUser, injectAs, type TestUser } from '../../test/factories';
import { freePort } from '../../test/net';
import { type NotifyInput, notify } from './notify';

/*
 * The live stream over real HTTP (app.listen on a free port, read with fetch as a browser's
 * EventSource reads it): the count at once, entries made by notify() as they commit, a read's new
 * count, Last-Event-ID, the limit per player, the heartbeat and closing; and, on PostgreSQL, an
 * entry written through one instance reaching a stream held by another.
 */

/** How long a test waits for an event before failing (no timing is asserted: it is a bound). */
const WAIT_MS = 10_000;

interface SseEvent {
  event: string;
  data: string;
  id?: string;
}

/** A Server-Sent Events reader over fetch: the events and comments received, and a way to await one. */
class Sse {
  readonly events: SseEvent[] = [];
  readonly comments: string[] = [];
  ended = false;
  private buffer = '';
  private waiters: Array<() => void> = [];
  private constructor(
    readonly res: Response,
    private readonly abort: AbortController,
  ) {}

  static async open(
    base: string,
    user: { cookie: string } | null,
    opts: { headers?: Record<string, string>; query?: string } = {},
  ) {
    const abort = new AbortController();
    const res = await fetch(`${base}/api/notifications/stream${opts.query ?? ''}`, {
      headers: { ...(user ? { cookie: user.cookie } : {}), 'accept-encoding': 'gzip, br', ...opts.headers },
      signal: abort.signal,
    });
    const sse = new Sse(res, abort);
    if (res.ok && res.body) void sse.pump(res.body);
    return sse;
  }

  private async pump(body: ReadableStream<Uint8Array>) {
    const decoder = new TextDecoder();
    const reader = body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        this.buffer += decoder.decode(value, { stream: true });
        let end = this.buffer.indexOf('\n\n');
        while (end >= 0) {
          this.parse(this.buffer.slice(0, end));
          this.buffer = this.buffer.slice(end + 2);
          end = this.buffer.indexOf('\n\n');
        }
        this.wake();
      }
    } catch {
      // aborted
    }
    this.ended = true;
    this.wake();
  }

  private parse(block: string) {
    const event: SseEvent = { event: 'message', data: '' };
    let isEvent = false;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) this.comments.push(line.slice(1).trim());
      else if (line.startsWith('event: ')) [event.event, isEvent] = [line.slice(7), true];
      else if (line.startsWith('data: ')) event.data += line.slice(6);
      else if (line.startsWith('id: ')) event.id = line.slice(4);
    }
    if (isEvent) this.events.push(event);
  }

  private wake() {
    for (const w of this.waiters.splice(0)) w();
  }

  /** Waits until `check` holds (after each chunk received). */
  async until<T>(check: () => T | undefined | false, what: string): Promise<T> {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const found = check();
      if (found) return found;
      if (this.ended) throw new Error(`stream ended before ${what}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${what} within ${WAIT_MS} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The `n`th (0-based) event of `name` received, waited for. */
  nth(name: string, n: number): Promise<SseEvent> {
    return this.until(() => this.events.filter((e) => e.event === name)[n], `${name} event #${n}`);
  }

  counts(): number[] {
    return this.events.filter((e) => e.event === 'count').map((e) => JSON.parse(e.data).count);
  }

  entries(): Notification[] {
    return this.events.filter((e) => e.event === 'notification').map((e) => JSON.parse(e.data));
  }

  close() {
    this.abort.abort();
  }
}

async function listening(app: App): Promise<string> {
  const port = await freePort();
  await app.listen({ port, host: '127.0.0.1' });
  return `http://127.0.0.1:${port}`;
}

const badge = (db: TestApp['database']['db'], to: { id: string }[], extra: Partial<NotifyInput> = {}) =>
  notify(
    db,
    { recipientIds: to.map((u) => u.id), kind: 'badge-earned', data: { badge: 'first-post' }, ...extra },
    { mail: false },
  );

describe('GET /api/notifications/stream', () => {
  let t: TestApp;
  let base: string;
  const open: Sse[] = [];
  const stream = async (user: TestUser | null, opts?: Parameters<typeof Sse.open>[2]) => {
    const s = await Sse.open(base, user, opts);
    open.push(s);
    return s;
  };
  beforeAll(async () => {
    t = await createTestApp();
    base = await listening(t.app);
  });
  afterAll(async () => {
    for (const s of open) s.close();
    await t?.close();
  });
  const db = () => t.database.db;

  it('refuses signed-out visitors with 401', async () => {
    const s = await stream(null);
    expect(s.res.status).toBe(401);
  });

  it('sends the count at once, then each entry notify() writes, then the count a read leaves (never compressed)', async () => {
    const me = await createUser(db());
    await badge(db(), [me]);
    await badge(db(), [me]);
    const s = await stream(me);
    expect(s.res.status).toBe(200);
    expect(s.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(s.res.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(s.res.headers.get('x-accel-buffering')).toBe('no');
    expect(s.res.headers.get('content-encoding')).toBeNull();
    expect(s.res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(JSON.parse((await s.nth('count', 0)).data)).toEqual({ count: 2 });
    expect(s.entries()).toEqual([]);

    const actor = await createUser(db());
    await notify(
      db(),
      { recipientIds: [me.id], kind: 'follow', actorId: actor.id, groupKey: 'follow' },
      { mail: false },
    );
    const entry = await s.nth('notification', 0);
    const n = JSON.parse(entry.data) as Notification;
    expect(n).toMatchObject({ kind: 'follow', text: `${actor.username} followed you`, read: false });
    expect(entry.id).toBe(n.id);
    await s.until(() => s.counts().includes(3), 'count 3');

    // Read in another tab: this one hears the new count.
    const read = await injectAs(t.app, me, {
      method: 'POST',
      url: '/api/notifications/read',
      payload: { all: true },
    });
    expect(read.json()).toEqual({ count: 0 });
    await s.until(() => s.counts().at(-1) === 0, 'count 0');
    expect(s.entries()).toHaveLength(1);
  });

  it('a grouped entry that gains an actor comes again with a higher id', async () => {
    const me = await createUser(db());
    const [a, b] = [await createUser(db()), await createUser(db())];
    const s = await stream(me);
    await s.nth('count', 0);
    const follow = (actorId: string) =>
      notify(db(), { recipientIds: [me.id], kind: 'follow', actorId, groupKey: 'follow' }, { mail: false });
    await follow(a.id);
    await s.nth('notification', 0);
    await follow(b.id);
    await s.nth('notification', 1);
    const [first, second] = s.entries();
    expect(Number(second.id)).toBeGreaterThan(Number(first.id));
    expect(second.text).toBe(`${b.username} and 1 other followed you`);
  });

  it("never sends a player another player's entries", async () => {
    const me = await createUser(db());
    const them = await createUser(db());
    const s = await stream(me);
    await s.nth('count', 0);
    await badge(db(), [them], { data: { badge: 'posts-10' } });
    await badge(db(), [me], { data: { badge: 'posts-100' } });
    await s.nth('notification', 0);
    expect(s.entries().map((n) => n.text)).toEqual(['You earned the 100 Posts badge']);
  });

  it('one notify() of several players reaches each of their streams (one read for all of them)', async () => {
    const players = [await createUser(db()), await createUser(db()), await createUser(db())];
    const streams = await Promise.all(players.map((p) => stream(p)));
    await Promise.all(streams.map((s) => s.nth('count', 0)));
    await badge(db(), players, { data: { badge: 'first-gear' } });
    for (const [i, s] of streams.entries()) {
      const entry = JSON.parse((await s.nth('notification', 0)).data) as Notification;
      expect(entry.text, `player ${i}`).toBe('You earned the First Gear Upload badge');
      await s.until(() => s.counts().at(-1) === 1, 'count 1');
      s.close();
    }
  });

  it('resumes after Last-Event-ID (header, or lastEventId in the query), oldest first', async () => {
    const me = await createUser(db());
    for (const id of ['first-post', 'posts-10', 'posts-100'])
      await badge(db(), [me], { data: { badge: id } });
    const first = await stream(me);
    await first.nth('count', 0);
    const list = (await injectAs(t.app, me, { url: '/api/notifications' })).json().items as Notification[];
    const oldest = list[2].id;

    const byHeader = await stream(me, { headers: { 'last-event-id': oldest } });
    await byHeader.nth('notification', 1);
    expect(byHeader.entries().map((n) => n.id)).toEqual([list[1].id, list[0].id]);
    expect(JSON.parse((await byHeader.nth('count', 0)).data)).toEqual({ count: 3 });

    const byQuery = await stream(me, { query: `?lastEventId=${list[1].id}` });
    await byQuery.nth('count', 0);
    expect(byQuery.entries().map((n) => n.id)).toEqual([list[0].id]);
    // The stream opened without one was sent none of the older entries.
    expect(first.entries()).toEqual([]);
    for (const s of [first, byHeader, byQuery]) s.close();
  });

  it(`refuses more than ${NOTIFICATION_STREAMS_PER_USER} streams of one player with 429, and takes one again once one closes`, async () => {
    const me = await createUser(db());
    const held: Sse[] = [];
    for (let i = 0; i < NOTIFICATION_STREAMS_PER_USER; i++) {
      const s = await stream(me);
      await s.nth('count', 0);
      held.push(s);
    }
    const refused = await stream(me);
    expect(refused.res.status).toBe(429);
    expect((await refused.res.json()).message).toBe(NOTIFICATION_TEXTS.tooManyStreams);
    // Another player is not limited by it.
    const other = await stream(await createUser(db()));
    expect(other.res.status).toBe(200);
    held[0].close();
    await expect
      .poll(
        async () => {
          const s = await stream(me);
          s.close();
          return s.res.status;
        },
        { timeout: WAIT_MS, interval: 50 },
      )
      .toBe(200);
    for (const s of held) s.close();
  });
});

describe('an app with a heartbeat of 30 ms and mail configured', () => {
  it('sends a heartbeat comment, says email is configured, and app.close() ends the open streams', async () => {
    const t = await createTestApp({
      config: {
        streamHeartbeatMs: 30,
        mail: {
          smtpUrl: 'smtp://127.0.0.1:2525',
          from: 'site@example.test',
          publicUrl: 'http://example.test',
        },
      },
    });
    let s: Sse | undefined;
    try {
      const base = await listening(t.app);
      const me = await createUser(t.database.db);
      const prefs = await injectAs(t.app, me, { url: '/api/notifications/preferences' });
      expect(prefs.json().emailConfigured).toBe(true);
      s = await Sse.open(base, me);
      await s.nth('count', 0);
      await s.until(() => s?.comments.includes('ping'), 'a heartbeat');
      await t.app.close();
      await s.until(() => s?.ended, 'the end of the stream');
    } finally {
      s?.close();
      await t.close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('the stream across two instances (PostgreSQL)', () => {
  let t: TestApp;
  let second: Awaited<ReturnType<typeof createSecondInstance>>;
  beforeAll(async () => {
    t = await createTestApp();
    second = await createSecondInstance(t);
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it('an entry written through instance A reaches a stream held on instance B, and so does a read on A', async () => {
    const base = await listening(second.app);
    const me = await createUser(t.database.db);
    const s = await Sse.open(base, me);
    try {
      await s.nth('count', 0);
      await badge(t.database.db, [me], { data: { badge: 'team-founder' } });
      const entry = await s.nth('notification', 0);
      expect(JSON.parse(entry.data).text).toBe('You earned the Team Founder badge');
      await s.until(() => s.counts().at(-1) === 1, 'count 1');
      await injectAs(t.app, me, { method: 'POST', url: '/api/notifications/read', payload: { all: true } });
      await s.until(() => s.counts().at(-1) === 0, 'count 0');
    } finally {
      s.close();
    }
  });
});
