import { sql } from 'drizzle-orm';
import { NOTIFICATION_DEFAULTS, type NotificationKind } from '../../../contract/notifications';
import { rows } from '../../db/rows';
import type { NotificationData } from '../../db/schema';
import type { Db } from '../../db/types';

/** The channel a process LISTENs on to hear that a player has new entries (payload: their id). */
export const NOTIFICATIONS_CHANNEL = 'notifications';
/** The channel that says fan-out jobs are waiting (payload empty). */
export const NOTIFICATION_JOBS_CHANNEL = 'notification_jobs';

/** What happened, to whom (issue 23). Written by `notify` in the caller's transaction. */
export interface NotifyInput {
  /** Who is told; the actor is never told of their own action, and duplicates are told once. */
  recipientIds: readonly string[];
  kind: NotificationKind;
  /** Who acted (null for the site: a reminder, a badge). */
  actorId?: string | null;
  /** Entries with one key merge while unread (likes on one post: `like:<postId>`; `follow`). */
  groupKey?: string;
  /** At most one entry per recipient and key, ever (`reminder:<eventId>`). */
  dedupeKey?: string;
  postId?: string;
  commentId?: string;
  teamId?: string;
  eventId?: string;
  data?: NotificationData;
}

export interface NotifyOptions {
  /** Whether mail is sent on this site (SMTP_URL): a kind set to 'email' queues a mail only then. */
  mail: boolean;
}

/**
 * Writes one entry per recipient in ONE statement inside the caller's transaction (`tx`), so that a
 * write rolled back notifies nobody: each recipient's channel for the kind (notification_settings,
 * else NOTIFICATION_DEFAULTS) decides; 'off' writes nothing; 'email' also queues the entry's mail
 * (mail_outbox, one waiting per entry). A grouped entry still unread gains the actor and a new seq
 * (it moves to the top); a deduplicated one already written is left alone. Each recipient told is
 * announced on NOTIFICATIONS_CHANNEL, which PostgreSQL delivers at commit (and never for a
 * rollback) to every process's streams. Answers how many entries were written or moved up.
 *
 * For more than a handful of recipients, call it from a queued job (enqueueNotificationJob), not in
 * a request.
 */
export async function notify(tx: Db, input: NotifyInput, options: NotifyOptions): Promise<number> {
  const actor = input.actorId ?? null;
  const recipients = [...new Set(input.recipientIds)].filter((id) => id !== actor);
  if (recipients.length === 0) return 0;
  const fallback = NOTIFICATION_DEFAULTS[input.kind];
  const data = JSON.stringify(input.data ?? {});
  const conflict = input.groupKey
    ? sql`ON CONFLICT (recipient_id, group_key) WHERE read_at IS NULL AND group_key IS NOT NULL
          DO UPDATE SET seq = nextval('notification_seq'), created_at = now(), data = EXCLUDED.data`
    : sql`ON CONFLICT DO NOTHING`;
  const told = await rows<{ told: number }>(
    tx,
    sql`
    WITH told AS (
      SELECT r.id AS recipient_id, coalesce(s.channels ->> ${input.kind}, ${fallback}) AS channel
      FROM unnest(${`{${recipients.join(',')}}`}::uuid[]) AS r(id)
      LEFT JOIN notification_settings s ON s.user_id = r.id
    ),
    n AS (
      INSERT INTO notifications
        (recipient_id, kind, group_key, dedupe_key, post_id, comment_id, team_id, event_id, data)
      SELECT recipient_id, ${input.kind}, ${input.groupKey ?? null}, ${input.dedupeKey ?? null},
             ${input.postId ?? null}::uuid, ${input.commentId ?? null}::uuid, ${input.teamId ?? null}::uuid,
             ${input.eventId ?? null}::uuid, ${data}::jsonb
      FROM told WHERE channel <> 'off'
      ${conflict}
      RETURNING id, recipient_id
    ),
    a AS (
      INSERT INTO notification_actors (notification_id, actor_id)
      SELECT n.id, ${actor}::uuid FROM n WHERE ${actor}::uuid IS NOT NULL
      ON CONFLICT DO NOTHING
    ),
    m AS (
      INSERT INTO mail_outbox (user_id, notification_id, kind)
      SELECT n.recipient_id, n.id, ${input.kind} FROM n JOIN told USING (recipient_id)
      WHERE ${options.mail} AND told.channel = 'email'
      ON CONFLICT (notification_id) WHERE sent_at IS NULL AND failed_at IS NULL DO NOTHING
    )
    SELECT count(pg_notify(${NOTIFICATIONS_CHANNEL}, n.recipient_id::text))::int AS told FROM n
  `,
  );
  return Number(told[0]?.told ?? 0);
}

/**
 * Queues a fan-out job in the caller's transaction (a rollback queues nothing); every process's job
 * runner hears of it at commit and one of them runs it (FOR UPDATE SKIP LOCKED).
 */
export async function enqueueNotificationJob(
  tx: Db,
  kind: string,
  payload: Record<string, unknown>,
): Promise<void> {
  await tx.execute(sql`
    WITH j AS (INSERT INTO notification_jobs (kind, payload) VALUES (${kind}, ${JSON.stringify(payload)}::jsonb) RETURNING id)
    SELECT pg_notify(${NOTIFICATION_JOBS_CHANNEL}, '') FROM j
  `);
}
