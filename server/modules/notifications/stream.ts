import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import {
  NOTIFICATION_STREAM_EVENTS,
  NOTIFICATION_STREAMS_PER_USER,
  NOTIFICATION_TEXTS,
  NOTIFICATIONS_PAGE_MAX,
  type Notification,
  STREAM_HEARTBEAT_MS,
} from '../../../contract';
import type { Ctx } from '../../context';
import type { Db } from '../../db/types';
import { tooManyRequests } from '../../errors';
import { NOTIFICATIONS_CHANNEL } from './notify';
import { attachNotificationMedia, type NotificationRow, presentNotification } from './presenters';
import { selectNewEntries } from './queries';

/** How long announcements are gathered before the entries they announce are read (one read per burst). */
export const STREAM_COALESCE_MS = 50;
/** Recipients read in one statement by the hub, and such statements run at once (of the pool's connections). */
const BATCH = 500;
const READERS = 2;
/** A client that has this much unsent is too slow to follow: its stream is ended (it reconnects). */
const MAX_BUFFERED = 1024 * 1024;

/** One open stream: its response, and what it was sent last. */
interface Stream {
  userId: string;
  res: ServerResponse;
  /** The highest seq sent (or the latest when it opened; -1 until its opening read). */
  last: number;
  /** The unread count sent last (-1: none yet). */
  count: number;
  /** False until its opening events are sent: announcements meanwhile are read again after. */
  ready: boolean;
  missed: boolean;
}

type Listen = Ctx['listen'];

/** An SSE event: `event:`, optional `id:`, and its JSON on one `data:` line. */
function frame(event: string, data: unknown, id?: string): string {
  return `${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * This process's open notification streams (issue 23), by player, and the one LISTEN that feeds
 * them: notify() (and a read) announce a player on NOTIFICATIONS_CHANNEL at commit, from any
 * process; the hub gathers the announcements of a burst (STREAM_COALESCE_MS), then reads, for all
 * the players announced at once, in one statement per BATCH players (not one per stream), each
 * player's unread count and the entries after the lowest seq their streams were sent, and writes
 * to each stream what it lacks. The LISTEN starts with the first stream. While the listening
 * connection is down announcements may be missed: once it is back every player is read again.
 */
export class NotificationHub {
  private readonly byUser = new Map<string, Set<Stream>>();
  private pending = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private listening: Promise<void> | null = null;
  private stopListening: (() => Promise<void>) | null = null;
  private down = false;
  /** The read in progress: announcements meanwhile wait for its end. */
  private reading: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly deps: {
      db: Db;
      listen: Listen;
      media: Ctx['media'];
      log: FastifyBaseLogger;
      heartbeatMs?: number;
      coalesceMs?: number;
    },
  ) {}

  /** Open streams of `userId` in this process. */
  streamsOf(userId: string): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  /**
   * Answers the request with a stream of `userId`'s notifications: the unread count at once; with
   * `lastEventId`, the entries after it (the newest page of them, oldest first); then whatever
   * comes. Refused with 429 beyond NOTIFICATION_STREAMS_PER_USER streams of one player.
   */
  async open(reply: FastifyReply, userId: string, lastEventId: number | null): Promise<void> {
    await this.startListening();
    if (this.closed || this.streamsOf(userId) >= NOTIFICATION_STREAMS_PER_USER)
      throw tooManyRequests(NOTIFICATION_TEXTS.tooManyStreams);
    // Without Last-Event-ID nothing older is sent: the stream starts after the latest entry (-1: read at opening).
    const stream: Stream = {
      userId,
      res: reply.raw,
      last: lastEventId ?? -1,
      count: -1,
      ready: false,
      missed: false,
    };
    this.add(stream);
    // Counted and listening from here: what is announced while the opening is read comes after it.
    reply.hijack();
    const res = reply.raw;
    res.on('close', () => this.remove(stream));
    // A client gone mid-write is only a closed stream.
    res.on('error', () => this.remove(stream));
    res.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    res.write('retry: 3000\n\n');
    try {
      await this.send([{ id: userId, after: lastEventId ?? Number.MAX_SAFE_INTEGER }], [stream]);
    } catch (err) {
      this.deps.log.warn({ err }, 'notification stream: opening read failed');
      res.end();
      return;
    }
    stream.ready = true;
    if (stream.missed) this.announce(userId);
  }

  /** A player has news (an announcement heard on NOTIFICATIONS_CHANNEL). */
  announce(userId: string): void {
    const streams = this.byUser.get(userId);
    if (!streams) return;
    for (const s of streams) if (!s.ready) s.missed = true;
    this.pending.add(userId);
    this.schedule();
  }

  /** Ends every stream and stops listening (the app closes). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.timer = null;
    this.heartbeat = null;
    for (const set of this.byUser.values()) for (const s of set) s.res.end();
    this.byUser.clear();
    await this.reading?.catch(() => {});
    const stop = this.stopListening;
    this.stopListening = null;
    await stop?.();
  }

  private startListening(): Promise<void> {
    this.listening ??= this.deps
      .listen(
        NOTIFICATIONS_CHANNEL,
        (payload) => this.announce(payload),
        (listening) => {
          if (!listening) this.down = true;
          else if (this.down) {
            // Announcements may have been missed while the connection was down: everyone is read again.
            this.down = false;
            for (const userId of this.byUser.keys()) this.announce(userId);
          }
        },
      )
      .then((stop) => {
        if (this.closed) void stop();
        else this.stopListening = stop;
      });
    return this.listening;
  }

  private add(stream: Stream): void {
    let set = this.byUser.get(stream.userId);
    if (!set) {
      set = new Set();
      this.byUser.set(stream.userId, set);
    }
    set.add(stream);
    if (!this.heartbeat) {
      this.heartbeat = setInterval(() => this.beat(), this.deps.heartbeatMs ?? STREAM_HEARTBEAT_MS);
      this.heartbeat.unref();
    }
  }

  private remove(stream: Stream): void {
    const set = this.byUser.get(stream.userId);
    if (!set?.delete(stream)) return;
    if (set.size === 0) this.byUser.delete(stream.userId);
    if (this.byUser.size === 0 && this.heartbeat) {
      clearInterval(this.heartbeat);
      this.heartbeat = null;
    }
  }

  private beat(): void {
    for (const set of this.byUser.values()) for (const s of set) this.write(s, ': ping\n\n');
  }

  private write(stream: Stream, text: string): void {
    const res = stream.res;
    if (res.writableEnded || res.destroyed) return;
    if (res.writableLength > MAX_BUFFERED) {
      res.destroy();
      return;
    }
    res.write(text);
  }

  private schedule(): void {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.deps.coalesceMs ?? STREAM_COALESCE_MS);
    this.timer.unref();
  }

  /** Reads and sends what the pending players' streams lack; one read at a time (the end of one schedules the next). */
  private async flush(): Promise<void> {
    if (this.reading || this.closed) return;
    const users = [...this.pending];
    this.pending = new Set();
    this.reading = this.read(users).finally(() => {
      this.reading = null;
      if (this.pending.size > 0) this.schedule();
    });
    await this.reading;
  }

  /** The pending players' reads, BATCH players per statement, READERS statements at a time. */
  private async read(users: string[]): Promise<void> {
    const batches: Array<{ targets: { id: string; after: number }[]; streams: Stream[] }> = [];
    for (let i = 0; i < users.length; i += BATCH) {
      const batch = { targets: [] as { id: string; after: number }[], streams: [] as Stream[] };
      for (const userId of users.slice(i, i + BATCH)) {
        const ready = [...(this.byUser.get(userId) ?? [])].filter((s) => s.ready);
        if (ready.length === 0) continue;
        batch.targets.push({ id: userId, after: Math.min(...ready.map((s) => s.last)) });
        batch.streams.push(...ready);
      }
      if (batch.targets.length > 0) batches.push(batch);
    }
    const next = async (): Promise<void> => {
      const batch = batches.shift();
      if (!batch) return;
      try {
        await this.send(batch.targets, batch.streams);
      } catch (err) {
        this.deps.log.warn({ err }, 'notification streams: read failed');
      }
      return next();
    };
    await Promise.all(Array.from({ length: READERS }, next));
  }

  /** Reads the targets' counts and new entries in one statement and writes each stream what it lacks. */
  private async send(targets: { id: string; after: number }[], streams: Stream[]): Promise<void> {
    const rows = await selectNewEntries(this.deps.db, targets, NOTIFICATIONS_PAGE_MAX);
    const counts = new Map<string, number>();
    const latest = new Map<string, number>();
    const entries = new Map<string, Notification[]>();
    for (const row of rows) {
      counts.set(row.recipient, Number(row.unread));
      latest.set(row.recipient, Number(row.latest ?? 0));
      if (row.seq == null) continue;
      let list = entries.get(row.recipient);
      if (!list) {
        list = [];
        entries.set(row.recipient, list);
      }
      list.push(presentNotification(row as NotificationRow));
    }
    const all = [...entries.values()].flat();
    if (all.length > 0) await attachNotificationMedia(this.deps.media, all);
    const texts = new Map<Notification, string>();
    for (const stream of streams) {
      if (stream.last < 0) stream.last = latest.get(stream.userId) ?? 0;
      const count = counts.get(stream.userId);
      // Oldest first, so that the last id a client saw is the highest.
      const fresh = (entries.get(stream.userId) ?? []).filter((n) => Number(n.id) > stream.last).reverse();
      let out = '';
      for (const n of fresh) {
        let text = texts.get(n);
        if (text === undefined) {
          text = frame(NOTIFICATION_STREAM_EVENTS.notification, n, n.id);
          texts.set(n, text);
        }
        out += text;
        stream.last = Math.max(stream.last, Number(n.id));
      }
      if (count !== undefined && (count !== stream.count || fresh.length > 0)) {
        out += frame(NOTIFICATION_STREAM_EVENTS.count, { count });
        stream.count = count;
      }
      if (out) this.write(stream, out);
    }
  }
}
