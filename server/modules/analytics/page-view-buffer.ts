import type { Ctx } from '../../context';
import type { Db } from '../../db/client';
import { errorForLog } from '../../plugins/error-handler';
import { type PageView, recordPageViews } from './visits';

/** How often waiting page views are written by default (ANALYTICS_FLUSH_MS). */
export const ANALYTICS_FLUSH_MS = 1_000;
/** Views written in one statement; this many waiting are written at once, without waiting for the timer. */
export const PAGE_VIEW_BATCH = 500;
/** Views kept waiting at most (the batch being written included); more are dropped until it drains. */
export const PAGE_VIEW_CAPACITY = 20 * PAGE_VIEW_BATCH;

/** What the buffer logs through (the app's logger). */
export interface BufferLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface PageViewBufferOptions {
  /** How long a view may wait before it is written; 0 writes each view at once, before the answer. */
  flushMs: number;
  batch?: number;
  capacity?: number;
  log: BufferLog;
}

/**
 * The page views of one app, written in batches (decision 027): the beacon answers at once and its
 * view waits here until `flushMs` after the first waiting view, or until a batch is full, then a
 * batch is written in one statement (`recordPageViews`), one batch at a time. Bounded: when
 * `capacity` views wait (the database slow or down), new views are dropped, said once per overload
 * in the log, and their number said once the buffer drains. A batch that fails is logged and let go,
 * never retried later nor thrown at a request; one refused for a value is split so that only the
 * bad view is lost. `close()` writes what waits; the app closes it after its last request.
 */
export class PageViewBuffer {
  private pending: PageView[] = [];
  private writing = 0;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private dropped = 0;
  private closed = false;
  readonly flushMs: number;
  readonly batch: number;
  readonly capacity: number;
  private readonly log: BufferLog;

  constructor(
    private readonly db: Db,
    opts: PageViewBufferOptions,
  ) {
    this.flushMs = opts.flushMs;
    this.batch = opts.batch ?? PAGE_VIEW_BATCH;
    this.capacity = Math.max(this.batch, opts.capacity ?? PAGE_VIEW_CAPACITY);
    this.log = opts.log;
  }

  /** Views waiting or being written. */
  get size(): number {
    return this.pending.length + this.writing;
  }

  /**
   * Takes a view. With `flushMs` 0 (or once closed) it is written before this resolves, and a
   * failure rejects, as one view at a time did; otherwise it only waits here.
   */
  add(view: PageView): Promise<void> | undefined {
    if (this.flushMs <= 0 || this.closed) return this.write([view]);
    if (this.size >= this.capacity) {
      if (this.dropped++ === 0)
        this.log.warn(
          { waiting: this.size },
          'page views: the buffer is full (the database is slow or down); new views are dropped until it drains',
        );
      return undefined;
    }
    this.pending.push(view);
    if (this.pending.length >= this.batch) this.start(false);
    else this.timer ??= setTimeout(() => this.start(false), this.flushMs).unref();
    return undefined;
  }

  /** Writes every view waiting now (and those that arrive meanwhile), after the batch being written. */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    while (this.running) await this.running;
    if (this.pending.length > 0) await this.start(true);
  }

  /** Writes what waits; views that come later are written one at a time. */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
  }

  private start(all: boolean): Promise<void> | null {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.running) return this.running;
    this.running = this.drain(all).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** The first batch, then more while full batches wait (or all of them); what is left waits for the timer. */
  private async drain(all: boolean): Promise<void> {
    do {
      const views = this.pending.splice(0, this.batch);
      if (views.length === 0) break;
      this.writing = views.length;
      try {
        const failed = await this.writeSplitting(views);
        if (failed)
          this.log.error({ err: errorForLog(failed.err), views: failed.lost }, 'page views not recorded');
      } finally {
        this.writing = 0;
      }
    } while (this.pending.length >= this.batch || (all && this.pending.length > 0));
    if (this.dropped > 0 && this.pending.length < this.capacity / 2) {
      this.log.warn({ dropped: this.dropped }, 'page views: views dropped while the buffer was full');
      this.dropped = 0;
    }
    if (this.pending.length > 0 && !this.closed)
      this.timer ??= setTimeout(() => this.start(false), this.flushMs).unref();
  }

  /**
   * Writes `views` in one statement. When the database refuses it for its data (an invalid value,
   * a row deleted meanwhile: SQLSTATE classes 22 and 23), each half is written on its own, down to
   * the views it refuses alone, so that one bad view loses no other. Answers what was lost, if any.
   */
  private async writeSplitting(views: PageView[]): Promise<{ lost: number; err: unknown } | null> {
    try {
      await this.write(views);
      return null;
    } catch (err) {
      if (views.length === 1 || !refusedForItsData(err)) return { lost: views.length, err };
      const half = Math.ceil(views.length / 2);
      const first = await this.writeSplitting(views.slice(0, half));
      const second = await this.writeSplitting(views.slice(half));
      if (!first || !second) return first ?? second;
      return { lost: first.lost + second.lost, err: first.err };
    }
  }

  private write(views: PageView[]): Promise<void> {
    return recordPageViews(this.db, views);
  }
}

/** The database refused a statement for the values it was given (class 22 data exception, 23 integrity). */
function refusedForItsData(err: unknown): boolean {
  let e = err as { code?: unknown; cause?: unknown } | undefined;
  for (let i = 0; e && i < 4; i++, e = e.cause as typeof e)
    if (typeof e.code === 'string' && /^2[23][0-9A-Z]{3}$/.test(e.code)) return true;
  return false;
}

const buffers = new WeakMap<Ctx, PageViewBuffer>();

/** The one page-view buffer of an app (its Ctx), made on first use (ANALYTICS_FLUSH_MS). */
export function pageViewBuffer(ctx: Ctx, log: BufferLog): PageViewBuffer {
  let buffer = buffers.get(ctx);
  if (!buffer) {
    buffer = new PageViewBuffer(ctx.db, { flushMs: ctx.config.analyticsFlushMs ?? ANALYTICS_FLUSH_MS, log });
    buffers.set(ctx, buffer);
  }
  return buffer;
}
