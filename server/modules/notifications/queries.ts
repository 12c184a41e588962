import { SQL, sql } from 'drizzle-orm';
import { NOTIFICATIONS_PAGE_MAX, UNREAD_COUNT_CAP } from '../../../contract';
import { literalLimit } from '../../db/prepared';
import { preparedRows, rows } from '../../db/rows';
import type { Db } from '../../db/types';
import { NOTIFICATIONS_CHANNEL } from './notify';
import type { NotificationRow } from './presenters';

/**
 * The notifications module's reads and its one write of entries (marking them read). The list is
 * raw SQL run as a named prepared statement with its page size written in (decision 007): one
 * statement per page whatever its entries' kinds and actors: the page off
 * notifications_recipient_seq_uq, then for its rows only the live subject (team, event, post,
 * comment: primary keys) and the actors (the latest three and their count, off the actors'
 * primary key). The unread count is a LIMITed count over the partial notifications_unread_idx.
 * Entries are ordered `seq DESC NULLS LAST`, as the index is (seq is never null, but PostgreSQL
 * walks the index in order only for the very ordering it was built with).
 */

/** What selects a recipient's entries: a page before a seq, the entries after one, or given seqs. */
export type EntryFilter = { before?: number; after?: number; seqs?: readonly number[] };

/** `{1,2,3}`: a bigint[] (or uuid[]) bound as one value, whatever the number of elements. */
const arrayLiteral = (values: readonly (string | number)[]) => `{${values.join(',')}}`;

/** The unread count of the recipient `who` (an SQL expression), counted up to UNREAD_COUNT_CAP. */
const unreadCountOf = (who: SQL) =>
  sql`(SELECT count(*)::int FROM (SELECT 1 FROM notifications u
        WHERE u.recipient_id = ${who} AND u.read_at IS NULL LIMIT ${sql.raw(String(UNREAD_COUNT_CAP))}) u)`;

/**
 * The entries of the recipient `who` (an SQL expression: a bound id, or a column of a lateral
 * join) that `filter` (or an SQL condition on `n`) selects, newest first, at most `limit`, with their subjects and actors; the
 * columns are NotificationRow's (and `ord`, the seq as a number, to order by).
 */
function entriesSql(who: SQL, filter: EntryFilter | SQL, limit: number): SQL {
  const where: SQL[] = [sql`n.recipient_id = ${who}`];
  if (filter instanceof SQL) where.push(filter);
  else {
    if (filter.before !== undefined) where.push(sql`n.seq < ${filter.before}::bigint`);
    if (filter.after !== undefined) where.push(sql`n.seq > ${filter.after}::bigint`);
    if (filter.seqs) where.push(sql`n.seq = ANY(${arrayLiteral(filter.seqs)}::bigint[])`);
  }
  return sql`SELECT n.seq AS ord, n.seq::text AS seq, n.kind, n.read_at IS NOT NULL AS read,
      n.created_at AS "createdAt", n.post_id AS "postId", n.comment_id AS "commentId",
      n.team_id AS "teamId", n.event_id AS "eventId", n.data,
      t.name AS "teamName", e.title AS "eventTitle", e.date AS "eventDate", e.time_zone AS "eventZone",
      e.location AS "eventLocation", p.caption AS "postCaption", c.content AS "commentContent",
      CASE WHEN n.kind = 'badge-earned'
        THEN (SELECT r.username FROM users r WHERE r.id = n.recipient_id) END AS "recipientUsername",
      (SELECT count(*)::int FROM notification_actors x WHERE x.notification_id = n.id) AS "actorCount",
      (SELECT coalesce(json_agg(json_build_object('id', a.id, 'username', a.username, 'avatar', a.avatar)
                ORDER BY a.at DESC, a.id), '[]'::json)
         FROM (SELECT au.id, au.username, au.avatar, x.created_at AS at
               FROM notification_actors x JOIN users au ON au.id = x.actor_id
               WHERE x.notification_id = n.id
               ORDER BY x.created_at DESC, au.id LIMIT 3) a) AS actors
    FROM (SELECT * FROM notifications n WHERE ${sql.join(where, sql` AND `)}
          ORDER BY n.seq DESC NULLS LAST LIMIT ${literalLimit(limit, NOTIFICATIONS_PAGE_MAX)}) n
    LEFT JOIN teams t ON t.id = n.team_id
    LEFT JOIN events e ON e.id = n.event_id
    LEFT JOIN posts p ON p.id = n.post_id
    LEFT JOIN comments c ON c.id = n.comment_id`;
}

/** The recipient's entries that `filter` selects, newest first (one statement). */
export function selectEntries(db: Db, recipientId: string, filter: EntryFilter, limit: number) {
  return preparedRows<NotificationRow>(
    db,
    sql`SELECT * FROM (${entriesSql(sql`${recipientId}::uuid`, filter, limit)}) e ORDER BY e.ord DESC`,
  );
}

/** A page of entries and the unread count, in one statement (the count's row alone when there is no entry). */
export function pageSql(recipientId: string, filter: EntryFilter, limit: number): SQL {
  const who = sql`${recipientId}::uuid`;
  return sql`SELECT c.unread, e.* FROM (SELECT ${unreadCountOf(who)} AS unread) c
      LEFT JOIN LATERAL (${entriesSql(who, filter, limit)}) e ON true
      ORDER BY e.ord DESC`;
}

export const selectPage = (db: Db, recipientId: string, filter: EntryFilter, limit: number) =>
  preparedRows<Partial<NotificationRow> & { unread: number }>(db, pageSql(recipientId, filter, limit));

/**
 * For each recipient, the unread count, their latest seq and the entries after their `after`
 * (newest first, at most `limit`): what their open streams have not been sent yet, for many
 * recipients in one statement. A recipient with no such entry has one row without entry columns.
 *
 * For more than one recipient it runs with JIT off (SET LOCAL in a transaction of its own):
 * PostgreSQL's estimate for hundreds of lateral reads passes jit_above_cost, and compiling the plan
 * took about 0.8 s where running it takes 20 to 40 ms (bench:notifications, 500 recipients).
 */
export function selectNewEntries(
  db: Db,
  recipients: readonly { id: string; after: number }[],
  limit: number,
) {
  type Row = Partial<NotificationRow> & { recipient: string; unread: number; latest: string | null };
  const query = sql`SELECT r.id AS recipient, ${unreadCountOf(sql`r.id`)} AS unread,
        (SELECT l.seq::text FROM notifications l WHERE l.recipient_id = r.id
         ORDER BY l.seq DESC NULLS LAST LIMIT 1) AS latest, e.*
      FROM unnest(${arrayLiteral(recipients.map((r) => r.id))}::uuid[],
                  ${arrayLiteral(recipients.map((r) => r.after))}::bigint[]) AS r(id, after)
      LEFT JOIN LATERAL (${entriesSql(sql`r.id`, sql`n.seq > r.after`, limit)}) e ON true
      ORDER BY r.id, e.ord DESC`;
  if (recipients.length === 1) return preparedRows<Row>(db, query);
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL jit = off`);
    return rows<Row>(tx, query);
  });
}

/** The unread count, up to UNREAD_COUNT_CAP. */
export const unreadCountSql = (recipientId: string): SQL =>
  sql`SELECT ${unreadCountOf(sql`${recipientId}::uuid`)} AS n`;

export async function selectUnreadCount(db: Db, recipientId: string): Promise<number> {
  const [row] = await preparedRows<{ n: number }>(db, unreadCountSql(recipientId));
  return Number(row?.n ?? 0);
}

/** Which of the recipient's unread entries a read marks: all, all up to a seq (inclusive), one. */
export type ReadScope = { all: true } | { upTo: number } | { seq: number };

/**
 * Marks the recipient's unread entries in `scope` read, and when any changed announces the
 * recipient on NOTIFICATIONS_CHANNEL (their open streams, in every process, get the new count).
 * Another recipient's entries are never touched (the recipient is in the WHERE).
 */
export async function markEntriesRead(db: Db, recipientId: string, scope: ReadScope): Promise<void> {
  const only =
    'upTo' in scope
      ? sql`AND n.seq <= ${scope.upTo}::bigint`
      : 'seq' in scope
        ? sql`AND n.seq = ${scope.seq}::bigint`
        : sql``;
  await rows(
    db,
    sql`WITH changed AS (
          UPDATE notifications n SET read_at = now()
          WHERE n.recipient_id = ${recipientId}::uuid AND n.read_at IS NULL ${only}
          RETURNING 1)
        SELECT pg_notify(${NOTIFICATIONS_CHANNEL}, ${recipientId}::text)
        FROM (SELECT count(*) AS n FROM changed) c WHERE c.n > 0`,
  );
}
