import { sql } from 'drizzle-orm';
import { NOTIFICATION_KIND_LABELS, type Notification, type NotificationKind } from '../../../../contract';
import { iso, rows } from '../../../db/rows';
import type { NotificationData } from '../../../db/schema';
import type { Db } from '../../../db/types';

/**
 * The entries a mail tells of, as the list shows them (their sentence, excerpt and link written by
 * the server). STAND-IN until notifications' queries land (listNotifications(db, userId, { seqs })):
 * this file then calls it and nothing else changes.
 */
export async function mailEntries(db: Db, userId: string, seqs: readonly number[]): Promise<Notification[]> {
  if (seqs.length === 0) return [];
  const found = await rows<{
    seq: string;
    kind: NotificationKind;
    read_at: string | null;
    created_at: string;
    data: NotificationData;
    post_id: string | null;
    team_id: string | null;
    event_id: string | null;
    actors: { id: string; username: string; avatar: string | null }[];
  }>(
    db,
    sql`
    SELECT n.seq::text AS seq, n.kind, n.read_at, n.created_at, n.data, n.post_id, n.team_id, n.event_id,
      coalesce((SELECT json_agg(json_build_object('id', u.id, 'username', u.username, 'avatar', u.avatar)
                                ORDER BY a.created_at DESC)
                FROM notification_actors a JOIN users u ON u.id = a.actor_id
                WHERE a.notification_id = n.id), '[]') AS actors
    FROM notifications n
    WHERE n.recipient_id = ${userId} AND n.seq = ANY(${`{${seqs.join(',')}}`}::bigint[])
    ORDER BY n.seq DESC`,
  );
  return found.map((n) => {
    const url = n.post_id
      ? `/posts/${n.post_id}`
      : n.event_id
        ? `/events/${n.event_id}`
        : n.team_id
          ? `/teams/${n.team_id}`
          : n.data.username
            ? `/profile/${n.data.username}`
            : null;
    const who = n.actors[0]?.username;
    return {
      id: n.seq,
      kind: n.kind,
      read: n.read_at !== null,
      createdAt: iso(n.created_at),
      actors: n.actors.slice(0, 3),
      actorCount: n.actors.length,
      text: `${who ? `${who}: ` : ''}${NOTIFICATION_KIND_LABELS[n.kind]}${n.data.title ? ` (${n.data.title})` : ''}`,
      excerpt: n.data.excerpt ?? null,
      url,
      gone: false,
    };
  });
}
