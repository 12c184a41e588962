import { sql } from 'drizzle-orm';
import { NOTIFICATION_DEFAULTS } from '../../../../contract';
import type { Database } from '../../../db/client';
import { rows } from '../../../db/rows';
import type { Db } from '../../../db/types';
import { mailEntries } from './entries';
import type { MailConfig } from './mailer';
import { DIGEST_MAX_ENTRIES, digestMail } from './templates';
import { type UnsubscribeSigner, unsubscribePath } from './unsubscribe';

/** A player gets at most one digest in this long. */
export const DIGEST_EVERY_MS = 24 * 60 * 60 * 1000;
/** How often the digest job looks for players due one (once across every process on the database). */
export const DIGEST_JOB_EVERY_MS = 60 * 60 * 1000;
/** The name the digest job runs under (Database.exclusive). */
export const DIGEST_JOB = 'notification-digest';
/** Players handled per pass of the candidates' query. */
const BATCH = 200;

/** Each kind's default channel, for SQL (a kind a player never set takes its default). */
const DEFAULTS = JSON.stringify(NOTIFICATION_DEFAULTS);

/**
 * The entries a player's digest gathers: unread, written (or grouped anew) after `since` (ever when
 * null), of the kinds the player takes in the app only (the 'email' ones were mailed one by one).
 */
const gathered = (userId: unknown, since: unknown) => sql`
  FROM notifications n
  LEFT JOIN notification_settings s ON s.user_id = n.recipient_id
  WHERE n.recipient_id = ${userId} AND n.read_at IS NULL
    AND (${since}::timestamptz IS NULL OR n.created_at > ${since}::timestamptz)
    AND coalesce(s.channels ->> n.kind, ${DEFAULTS}::jsonb ->> n.kind) = 'app'`;

/**
 * Queues the daily digest of every player who asked for one, whose last digest is 24 hours old (or
 * who never had one), and who has something new to read: one mail listing up to DIGEST_MAX_ENTRIES
 * entries ("and N more"), composed now, queued in mail_outbox with digest_sent_at moved, in one
 * transaction per player (the settings row locked, so two runs never queue two). A player with
 * nothing new gets nothing (and is looked at again next run). Answers how many were queued.
 */
export async function queueDigests(
  db: Db,
  config: MailConfig,
  signer: UnsubscribeSigner,
  now = new Date(),
): Promise<number> {
  const due = new Date(now.getTime() - DIGEST_EVERY_MS);
  let queued = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const candidates = await rows<{ user_id: string }>(
      db,
      sql`
      SELECT s.user_id FROM notification_settings s
      WHERE s.digest AND s.user_id > ${after}
        AND (s.digest_sent_at IS NULL OR s.digest_sent_at <= ${due.toISOString()}::timestamptz)
      ORDER BY s.user_id
      LIMIT ${BATCH}`,
    );
    for (const { user_id } of candidates)
      if (await queueDigest(db, user_id, config, signer, now, due)) queued++;
    if (candidates.length < BATCH) break;
    after = candidates[candidates.length - 1].user_id;
  }
  return queued;
}

async function queueDigest(
  db: Db,
  userId: string,
  config: MailConfig,
  signer: UnsubscribeSigner,
  now: Date,
  due: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [settings] = await rows<{ since: string | null }>(
      tx,
      sql`
      SELECT digest_sent_at AS since FROM notification_settings
      WHERE user_id = ${userId} AND digest AND (digest_sent_at IS NULL OR digest_sent_at <= ${due.toISOString()}::timestamptz)
      FOR UPDATE`,
    );
    if (!settings) return false;
    const since = settings.since;
    const [{ total }] = await rows<{ total: number }>(
      tx,
      sql`SELECT count(*)::int AS total ${gathered(userId, since)}`,
    );
    if (total === 0) return false;
    const seqs = await rows<{ seq: string }>(
      tx,
      sql`SELECT n.seq::text AS seq ${gathered(userId, since)} ORDER BY n.seq DESC LIMIT ${DIGEST_MAX_ENTRIES}`,
    );
    const entries = await mailEntries(
      tx,
      userId,
      seqs.map((s) => Number(s.seq)),
    );
    const unsubscribeUrl = `${config.publicUrl}${unsubscribePath(signer.token(userId, 'digest'))}`;
    const mail = digestMail(entries, total, { publicUrl: config.publicUrl, unsubscribeUrl });
    await tx.execute(sql`
      INSERT INTO mail_outbox (user_id, kind, subject, text_body, html_body)
      VALUES (${userId}, 'digest', ${mail.subject}, ${mail.text}, ${mail.html})`);
    await tx.execute(
      sql`UPDATE notification_settings SET digest_sent_at = ${now.toISOString()}::timestamptz WHERE user_id = ${userId}`,
    );
    return true;
  });
}

/**
 * Queues digests now and then every `everyMs` (an hour), once across every process on the
 * database (Database.exclusive: a run while another is running is skipped, and `onSkipped` hears
 * it). In a cluster the primary runs it, beside housekeeping. Answers a function that stops it.
 */
export function scheduleDigests(
  database: Pick<Database, 'db' | 'exclusive'>,
  config: MailConfig,
  signer: UnsubscribeSigner,
  onResult: (queued: number) => void,
  onError: (err: unknown) => void,
  opts: { everyMs?: number; onSkipped?: () => void } = {},
): () => void {
  const run = () =>
    database
      .exclusive(DIGEST_JOB, () => queueDigests(database.db, config, signer))
      .then((queued) => (queued === null ? opts.onSkipped?.() : onResult(queued)), onError);
  void run();
  const timer = setInterval(run, opts.everyMs ?? DIGEST_JOB_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
