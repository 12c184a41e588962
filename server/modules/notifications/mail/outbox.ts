import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { NOTIFICATION_DEFAULTS, type NotificationChannel, type NotificationKind } from '../../../../contract';
import { rows } from '../../../db/rows';
import type { Db } from '../../../db/types';
import { mailEntries } from './entries';
import type { MailConfig, MailTransport, OutgoingMail } from './mailer';
import { type MailContent, notificationMail } from './templates';
import { type MailKind, type UnsubscribeSigner, unsubscribePath } from './unsubscribe';

/** Rows claimed at once by one process (sent side by side over the transport's pool). */
export const MAIL_BATCH = 5;
/** A claimed row is not due again for this long: another process takes it only if this one died sending. */
export const MAIL_LEASE_MS = 5 * 60_000;
/** A mail that failed this many times is given up (failed_at), with an error in the log. */
export const MAIL_MAX_ATTEMPTS = 8;
/** How often each process looks for mail to send, unless AppConfig.mail.pollMs says otherwise. */
export const MAIL_POLL_MS = 5_000;

/** Sent, skipped and given-up rows are deleted by housekeeping this long after they finished. */
export const MAIL_KEEP_MS = 30 * 24 * 60 * 60_000;

/** The wait after the n-th failed attempt: 30 s, 1, 2, 4 ... 64 minutes (about two hours in all). */
export const retryDelayMs = (attempts: number) => 30_000 * 2 ** Math.max(0, attempts - 1);

/** A row of mail_outbox as the sender claims it. */
interface OutboxRow {
  id: number;
  user_id: string | null;
  to_address: string | null;
  notification_id: number | null;
  kind: string;
  subject: string | null;
  text_body: string | null;
  html_body: string | null;
  attempts: number;
}

/** What one pass did: mails sent, failed (to be retried or given up), skipped (nothing to send any more). */
export interface SendResult {
  sent: number;
  failed: number;
  skipped: number;
}

export interface MailLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Claims up to `limit` due rows in one statement (its own short transaction): FOR UPDATE SKIP
 * LOCKED, so that processes never take the same row, and the claim counts an attempt and moves
 * next_attempt_at by the lease, so that a process that dies while sending leaves the row due
 * again later rather than lost.
 */
async function claimDue(db: Db, limit: number): Promise<OutboxRow[]> {
  return rows<OutboxRow>(
    db,
    sql`
    UPDATE mail_outbox m
    SET attempts = m.attempts + 1, next_attempt_at = now() + ${MAIL_LEASE_MS} * interval '1 millisecond'
    WHERE m.id IN (
      SELECT id FROM mail_outbox
      WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now()
      ORDER BY next_attempt_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING m.id, m.user_id, m.to_address, m.notification_id, m.kind, m.subject, m.text_body, m.html_body, m.attempts`,
  );
}

/** A row with its own address: an account mail (modules/auth/mails.ts), sent as it was written. */
const isAccountMail = (row: OutboxRow) => row.to_address !== null;

type Composed = { to: string; content: MailContent } | { skip: string };

/**
 * What a row sends, read now: a digest as it was written; a notification's mail from its entry as
 * the list shows it now. Nothing when the player's account or the entry is gone, or the player no
 * longer takes the kind by email (or the digest).
 */
async function compose(
  db: Db,
  row: OutboxRow,
  config: MailConfig,
  signer: UnsubscribeSigner,
): Promise<Composed> {
  // An account mail (issue 24: auth's registration mails) goes to its address as it was written.
  if (isAccountMail(row)) {
    if (row.subject === null || row.text_body === null || row.html_body === null)
      return { skip: 'empty account mail' };
    return {
      to: row.to_address as string,
      content: { subject: row.subject, text: row.text_body, html: row.html_body },
    };
  }
  if (row.user_id === null) return { skip: 'no recipient' };
  const [player] = await rows<{
    email: string;
    channel: NotificationChannel | null;
    digest: boolean | null;
    seq: string | null;
  }>(
    db,
    sql`
    SELECT u.email, s.channels ->> ${row.kind} AS channel, s.digest, n.seq::text AS seq
    FROM users u
    LEFT JOIN notification_settings s ON s.user_id = u.id
    LEFT JOIN notifications n ON n.id = ${row.notification_id} AND n.recipient_id = u.id
    WHERE u.id = ${row.user_id}`,
  );
  if (!player) return { skip: 'the account is gone' };
  if (row.kind === 'digest') {
    if (!player.digest) return { skip: 'the digest was turned off' };
    if (row.subject === null || row.text_body === null || row.html_body === null)
      return { skip: 'empty digest' };
    return { to: player.email, content: { subject: row.subject, text: row.text_body, html: row.html_body } };
  }
  const kind = row.kind as NotificationKind;
  if ((player.channel ?? NOTIFICATION_DEFAULTS[kind]) !== 'email')
    return { skip: 'the kind is no longer sent by email' };
  if (player.seq === null) return { skip: 'the entry is gone' };
  const [entry] = await mailEntries(db, row.user_id, [Number(player.seq)]);
  if (!entry) return { skip: 'the entry is gone' };
  const links = { publicUrl: config.publicUrl, unsubscribeUrl: unsubscribeUrl(config, signer, row) };
  return { to: player.email, content: notificationMail(entry, links) };
}

const unsubscribeUrl = (config: MailConfig, signer: UnsubscribeSigner, row: OutboxRow) =>
  `${config.publicUrl}${unsubscribePath(signer.token(row.user_id ?? '', row.kind as MailKind))}`;

/** The same Message-ID for every attempt of a row, so that a mail sent twice (a crash between send and mark) is one to the reader. */
function messageId(config: MailConfig, row: OutboxRow) {
  const host = new URL(config.publicUrl).hostname || 'localhost';
  const tag = createHash('sha256').update(`${config.publicUrl}:${row.id}`).digest('hex').slice(0, 16);
  return `<mail-${row.id}.${tag}@${host}>`;
}

/** A refusal that no retry changes: the mail server refused the recipient's address (5xx to RCPT TO). */
function permanent(err: unknown): boolean {
  const e = err as { responseCode?: number; command?: string };
  return typeof e?.responseCode === 'number' && e.responseCode >= 500 && /RCPT/i.test(e.command ?? '');
}

/**
 * Sends what is due, batch after batch, until nothing is due (or `stopping()` says so): claims a
 * few rows, composes and sends them outside any transaction, then marks each sent, or failed with
 * its next attempt backed off exponentially (given up after MAIL_MAX_ATTEMPTS, or at once when the
 * address is refused). A mail server that is down leaves every row queued.
 */
export async function sendDueMail(
  db: Db,
  transport: MailTransport,
  config: MailConfig,
  signer: UnsubscribeSigner,
  log: MailLog,
  stopping: () => boolean = () => false,
): Promise<SendResult> {
  const result: SendResult = { sent: 0, failed: 0, skipped: 0 };
  const deliver = async (row: OutboxRow) => {
    let composed: Composed;
    try {
      composed = await compose(db, row, config, signer);
    } catch (err) {
      return fail(row, err);
    }
    if ('skip' in composed) {
      result.skipped++;
      await db.execute(sql`
        UPDATE mail_outbox SET failed_at = now(), last_error = ${`skipped: ${composed.skip}`} WHERE id = ${row.id}`);
      return;
    }
    const account = isAccountMail(row);
    const mail: OutgoingMail = {
      from: config.from,
      to: composed.to,
      ...composed.content,
      messageId: messageId(config, row),
      // An account mail answers something just done with the address: nothing to unsubscribe from.
      headers: account
        ? { 'Auto-Submitted': 'auto-generated' }
        : {
            'List-Unsubscribe': `<${unsubscribeUrl(config, signer, row)}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
            'Auto-Submitted': 'auto-generated',
          },
    };
    try {
      await transport.sendMail(mail);
    } catch (err) {
      return fail(row, err);
    }
    result.sent++;
    // An account mail's bodies (a confirmation carries its link) are not kept once sent.
    await db.execute(sql`
      UPDATE mail_outbox SET sent_at = now(), last_error = NULL,
        text_body = CASE WHEN ${account} THEN NULL ELSE text_body END,
        html_body = CASE WHEN ${account} THEN NULL ELSE html_body END
      WHERE id = ${row.id}`);
  };
  const fail = async (row: OutboxRow, err: unknown) => {
    result.failed++;
    const message = (err as Error)?.message ?? String(err);
    const giveUp = row.attempts >= MAIL_MAX_ATTEMPTS || permanent(err);
    await db.execute(sql`
      UPDATE mail_outbox
      SET last_error = ${message.slice(0, 1000)},
          next_attempt_at = now() + ${retryDelayMs(row.attempts)} * interval '1 millisecond',
          failed_at = CASE WHEN ${giveUp} THEN now() END
      WHERE id = ${row.id}`);
    if (giveUp)
      log.error({ err, mailId: row.id, kind: row.kind, attempts: row.attempts }, 'mail given up: not sent');
    else log.warn({ mailId: row.id, attempts: row.attempts, error: message }, 'mail not sent: will retry');
  };
  while (!stopping()) {
    const batch = await claimDue(db, MAIL_BATCH);
    await Promise.all(batch.map(deliver));
    if (batch.length < MAIL_BATCH) break;
  }
  return result;
}

/**
 * Deletes the rows that are done (sent, skipped or given up: sent_at or failed_at set) for over
 * MAIL_KEEP_MS as of `now`; rows still waiting, retries included, stay. Run by housekeeping;
 * answers how many went.
 */
export async function deleteFinishedMail(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - MAIL_KEEP_MS);
  const deleted = await rows<{ id: number }>(
    db,
    sql`
    DELETE FROM mail_outbox
    WHERE coalesce(sent_at, failed_at) < ${before.toISOString()}::timestamptz
    RETURNING id`,
  );
  return deleted.length;
}

/** The process's sender, running in the background; `stop` ends it cleanly. */
export interface MailSender {
  /** Looks for due mail now (besides the interval). */
  kick(): void;
  /** Stops the interval, waits for the pass in progress (it finishes the mails it claimed), closes the transport. */
  stop(): Promise<void>;
}

/**
 * Starts this process's mail sender (never in a request): it looks for due mail at once and then
 * every `config.pollMs` (MAIL_POLL_MS), one pass at a time, through one transport. Every process
 * runs one; FOR UPDATE SKIP LOCKED keeps them from sending a row twice.
 */
export function startMailSender(
  db: Db,
  config: MailConfig,
  signer: UnsubscribeSigner,
  log: MailLog,
  transport: MailTransport,
): MailSender {
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  const pass = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = sendDueMail(db, transport, config, signer, log, () => stopped)
      .then(
        () => {},
        (err) => {
          if (!stopped) log.warn({ err }, 'mail outbox unreachable: will look again');
        },
      )
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          pass();
        }
      });
  };
  const timer = setInterval(pass, config.pollMs ?? MAIL_POLL_MS);
  timer.unref();
  setImmediate(pass);
  return {
    kick: pass,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      transport.close();
    },
  };
}
