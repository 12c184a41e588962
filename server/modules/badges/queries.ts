import { count, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userBadges, users } from '../../db/schema';
import type { BadgeRule } from './rules';

/**
 * The badges module's reads and awards, typed from the schema (issue 21). The rules' counts are
 * SQL fragments (rules.ts); what reads or writes them is Drizzle's builder.
 */

/**
 * Inserts the badges a SELECT answers, as (user_id, badge, created_at) rows, never twice (the
 * unique (user_id, badge) index): the builder's INSERT … SELECT names every column, so the id
 * is drawn here as the column's default would draw it.
 */
const insertBadges = (db: Db, select: SQL) =>
  db
    .insert(userBadges)
    .select(sql`SELECT gen_random_uuid(), s.user_id, s.badge, s.created_at FROM (${select}) s`)
    .onConflictDoNothing({ target: [userBadges.userId, userBadges.badge] })
    .returning({ badge: userBadges.badge, userId: userBadges.userId });

/** Every player who meets `rule` and does not hold it yet, dated when they met it. */
export const insertEarners = (db: Db, rule: BadgeRule) =>
  insertBadges(
    db,
    sql`SELECT e.user_id, ${rule.id}::text AS badge, e.earned_at AS created_at FROM (${rule.earners()}) e`,
  );

/** The rules among `rules` the player does not hold and now meets, per rule the capped count. */
export function insertMet(db: Db, userId: string, rules: readonly BadgeRule[]) {
  const candidates = rules.map(
    (r) =>
      sql`SELECT ${r.id}::text AS badge
          WHERE NOT EXISTS (SELECT 1 FROM user_badges b WHERE b.user_id = ${userId}::uuid AND b.badge = ${r.id}::text)
            AND ${r.current(userId)} >= ${r.target}::int`,
  );
  return insertBadges(
    db,
    sql`SELECT ${userId}::uuid AS user_id, c.badge, now() AS created_at FROM (${sql.join(candidates, sql` UNION ALL `)}) c`,
  );
}

/** Players holding each badge, and players. */
export const selectHolders = (db: Db) =>
  db.select({ badge: userBadges.badge, holders: count() }).from(userBadges).groupBy(userBadges.badge);
export const selectPlayers = (db: Db) => db.select({ players: count() }).from(users);

export const selectUser = (db: Db, userId: string) =>
  db.select({ id: users.id }).from(users).where(eq(users.id, userId));

export const selectHeld = (db: Db, userId: string) =>
  db
    .select({ badge: userBadges.badge, createdAt: userBadges.createdAt })
    .from(userBadges)
    .where(eq(userBadges.userId, userId));

/** The player's count for each of `rules`, capped at its target, in one row (keys r0, r1…). */
export const selectCounts = (db: Db, userId: string, rules: readonly BadgeRule[]) =>
  db
    .select(
      Object.fromEntries(rules.map((r, i) => [`r${i}`, sql<number>`${r.current(userId)}`.mapWith(Number)])),
    )
    .from(users)
    .where(eq(users.id, userId));
