import { type SQL, sql } from 'drizzle-orm';
import type { App, Ctx } from '../../context';
import { rows } from '../../db/rows';
import type { Db } from '../../db/types';
import { CoalescingRunner } from '../../lib/coalescing-runner';
import { notifyOptionsOf } from './kinds';
import { NOTIFICATION_JOBS_CHANNEL, type NotifyInput, type NotifyOptions, notify } from './notify';

/**
 * Fan-out (issue 23): a write that tells many players (an event changed or cancelled, a team
 * disbanded) queues one job in its own transaction (notification_jobs), and returns; every
 * process's runner hears of it at commit (NOTIFY on NOTIFICATION_JOBS_CHANNEL) and one of them
 * takes it (FOR UPDATE SKIP LOCKED), writing the entries in the job's own transaction.
 */

/** What a job does with its payload, in the transaction that took it (a failure puts it back). */
export type JobHandler = (tx: Db, payload: Record<string, unknown>, options: NotifyOptions) => Promise<void>;

/** Entries written per statement: a fan-out to thousands is a few statements. */
const FAN_OUT_BATCH = 1_000;

async function notifyInBatches(tx: Db, input: NotifyInput, options: NotifyOptions) {
  const ids = [...new Set(input.recipientIds)];
  for (let i = 0; i < ids.length; i += FAN_OUT_BATCH)
    await notify(tx, { ...input, recipientIds: ids.slice(i, i + FAN_OUT_BATCH) }, options);
}

/** An entry for everyone but who it tells (the recipients are found when the job runs). */
type Announcement = Omit<NotifyInput, 'recipientIds'>;

const HANDLERS: Record<string, JobHandler> = {
  /**
   * `{ input }`: notify() as given, its recipients collected by the write that queued it, but those
   * whose accounts went meanwhile (an entry names its recipient's row).
   */
  notify: async (tx, payload, options) => {
    const input = payload.input as NotifyInput;
    const found = await rows<{ id: string }>(
      tx,
      sql`SELECT id::text FROM users WHERE id = ANY (${`{${[...new Set(input.recipientIds)].join(',')}}`}::uuid[])`,
    );
    await notifyInBatches(tx, { ...input, recipientIds: found.map((r) => r.id) }, options);
  },
  /** `{ input, eventId }`: the players registered (not waitlisted) for the event when the job runs. */
  'event-players': async (tx, payload, options) => {
    const found = await rows<{ id: string }>(
      tx,
      sql`SELECT user_id AS id FROM event_registrations
          WHERE event_id = ${payload.eventId as string}::uuid AND status = 'registered'`,
    );
    const input = payload.input as Announcement;
    await notifyInBatches(tx, { ...input, recipientIds: found.map((r) => r.id) }, options);
  },
};

/**
 * Another module's kind of job (issue 26: the saved searches matched against events just written),
 * queued with enqueueNotificationJob and run by the same runners. Registered once per kind when
 * that module is loaded; the built-in kinds cannot be replaced.
 */
export function registerNotificationJob(kind: string, handler: JobHandler): void {
  const known = HANDLERS[kind];
  if (known && known !== handler) throw new Error(`notification job kind '${kind}' is already registered`);
  HANDLERS[kind] = handler;
}

/**
 * Queues notify(input) for the players `recipients` selects (a query of one column of user ids),
 * collected now, in the caller's transaction, in one statement: for a subject about to go (a team
 * disbanded, an event deleted), whose players are gone with it once the write commits. Nothing is
 * queued when it selects nobody.
 */
export async function enqueueNotifyFor(tx: Db, input: Announcement, recipients: SQL): Promise<void> {
  await tx.execute(sql`
    WITH r AS (SELECT coalesce(jsonb_agg(DISTINCT x.id), '[]'::jsonb) AS ids FROM (${recipients}) AS x(id)),
    j AS (
      INSERT INTO notification_jobs (kind, payload)
      SELECT 'notify', jsonb_build_object('input', ${JSON.stringify(input)}::jsonb || jsonb_build_object('recipientIds', r.ids))
      FROM r WHERE jsonb_array_length(r.ids) > 0
      RETURNING id
    )
    SELECT pg_notify(${NOTIFICATION_JOBS_CHANNEL}, '') FROM j
  `);
}

/** Queues notify(input) for the players registered for `eventId` when the job runs (an event changed). */
export async function enqueueNotifyEventPlayers(tx: Db, eventId: string, input: Announcement): Promise<void> {
  await tx.execute(sql`
    WITH j AS (
      INSERT INTO notification_jobs (kind, payload)
      VALUES ('event-players', ${JSON.stringify({ eventId, input })}::jsonb)
      RETURNING id
    )
    SELECT pg_notify(${NOTIFICATION_JOBS_CHANNEL}, '') FROM j
  `);
}

export interface JobLog {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface JobRunOptions extends NotifyOptions {
  /** A job failing this many times is given up (kept, never due again, and logged). Default 8. */
  maxAttempts?: number;
  log?: JobLog;
  /** Asked before each job: true stops the run (the app is closing). */
  stopped?: () => boolean;
}

export const JOB_MAX_ATTEMPTS = 8;

/** The wait before the next try after `attempts` failures: 30 s, doubling, at most an hour. */
export const retryDelayMs = (attempts: number) => Math.min(30_000 * 2 ** (attempts - 1), 3_600_000);

interface JobRow {
  /** A bigint, as text (the drivers answer it differently). */
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  created_at: string;
}

/** What failed: the database's own words when a query failed (Drizzle wraps them in `cause`). */
function errorText(err: unknown): string {
  const e = err as { message?: unknown; cause?: { message?: unknown } } | null;
  const text = e?.cause?.message ?? e?.message;
  return typeof text === 'string' ? text : String(err);
}

/**
 * Takes one due job and runs it, in one transaction: the job is deleted and its entries written
 * together (or neither). The handler runs in a savepoint; when it fails, its writes are undone and
 * the job is put back in the same transaction with one more attempt, its error, and a later
 * run_after (retryDelayMs); after `maxAttempts` it is kept with run_after 'infinity' (given up).
 * Answers whether a job was found.
 */
async function runOneJob(db: Db, opts: JobRunOptions): Promise<boolean> {
  const maxAttempts = opts.maxAttempts ?? JOB_MAX_ATTEMPTS;
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [job] = await rows<JobRow>(
      tx,
      sql`DELETE FROM notification_jobs WHERE id = (
            SELECT id FROM notification_jobs WHERE run_after <= now() ORDER BY id FOR UPDATE SKIP LOCKED LIMIT 1
          ) RETURNING id::text, kind, payload, attempts, created_at::text`,
    );
    if (!job) return false;
    try {
      const handler = HANDLERS[job.kind];
      if (!handler) throw new Error(`unknown notification job kind '${job.kind}'`);
      await tx.transaction((sp) => handler(sp as unknown as Db, job.payload, opts));
    } catch (err) {
      const attempts = job.attempts + 1;
      const giveUp = attempts >= maxAttempts;
      const message = errorText(err).slice(0, 2_000);
      const runAfter = giveUp
        ? sql`'infinity'::timestamptz`
        : sql`now() + ${`${retryDelayMs(attempts)} milliseconds`}::interval`;
      await tx.execute(sql`
        INSERT INTO notification_jobs (id, kind, payload, run_after, attempts, last_error, created_at)
        VALUES (${job.id}::bigint, ${job.kind}, ${JSON.stringify(job.payload)}::jsonb, ${runAfter}, ${attempts},
                ${message}, ${job.created_at}::timestamptz)
      `);
      if (giveUp)
        opts.log?.error({ err, job: { id: job.id, kind: job.kind, attempts } }, 'notification job given up');
      else opts.log?.warn({ err, job: { id: job.id, kind: job.kind, attempts } }, 'notification job failed');
    }
    return true;
  });
}

/** Runs the due jobs one after another until none is left (or `opts.stopped()`); answers how many were taken. */
export async function runNotificationJobs(db: Db, opts: JobRunOptions): Promise<number> {
  let taken = 0;
  while (!opts.stopped?.() && (await runOneJob(db, opts))) taken++;
  return taken;
}

/** Runs the jobs whenever kicked, one run at a time (CoalescingRunner); `stop()` ends after the job in progress. */
export class NotificationJobRunner extends CoalescingRunner {
  constructor(db: Db, opts: JobRunOptions) {
    super(
      (stopped) => runNotificationJobs(db, { ...opts, stopped }),
      (err) => opts.log?.error({ err }, 'notification jobs: run failed'),
    );
  }
}

/**
 * The app's runner (called by the notifications module): once the app is ready it LISTENs on
 * NOTIFICATION_JOBS_CHANNEL and runs the jobs on each announcement, and whenever it starts
 * listening (at first, and after its connection was lost: what was announced meanwhile); on close
 * it stops listening and finishes the job in progress. Jobs put back for later are run by the
 * minute's poll (main.ts) or the next announcement. Not with `notificationJobs: false`.
 */
export function startNotificationJobs(app: App, ctx: Ctx): NotificationJobRunner | null {
  if (ctx.config.notificationJobs === false) return null;
  const runner = new NotificationJobRunner(ctx.db, { ...notifyOptionsOf(ctx.config), log: app.log });
  let unlisten: (() => Promise<void>) | null = null;
  app.addHook('onReady', async () => {
    unlisten = await ctx.listen(
      NOTIFICATION_JOBS_CHANNEL,
      () => runner.kick(),
      (listening) => {
        if (listening) runner.kick();
      },
    );
  });
  app.addHook('onClose', async () => {
    await unlisten?.();
    await runner.stop();
  });
  return runner;
}

/**
 * The poll (main.ts's jobs, every minute): the jobs whose retry is due, and any whose announcement
 * no process heard. Answers a function that stops it.
 */
export function scheduleNotificationJobs(
  db: Db,
  opts: JobRunOptions,
  everyMs = 60_000,
): { stop: () => Promise<void> } {
  const runner = new NotificationJobRunner(db, opts);
  const timer = setInterval(() => runner.kick(), everyMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await runner.stop();
    },
  };
}
