import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { missingReference } from '../../errors';
import { NO_MAIL, type NotifyOptions, notify } from '../notifications';
import { insertMet } from './queries';
import { BADGE_RULES, type BadgeRule, type BadgeTrigger } from './rules';

export type { BadgeTrigger };

/** Where an award that failed is reported (the write it follows has gone through). */
export const awardErrors = {
  report: (err: unknown, userId: string, trigger: string) =>
    console.error(`badges: award after '${trigger}' for ${userId} failed`, err),
};

/** Tells `userId` of each badge awarded ('badge-earned', data.badge: its id), in the caller's transaction. */
export async function notifyBadges(db: Db, userIds: readonly string[], badge: string, notice: NotifyOptions) {
  if (userIds.length === 0) return;
  await notify(db, { recipientIds: userIds, kind: 'badge-earned', data: { badge } }, notice);
}

/**
 * The rules among `rules` the player does not hold and now meets, awarded (never twice: the
 * unique (user_id, badge) index and ON CONFLICT DO NOTHING), in one statement: per rule, a look
 * at the player's badges and, when not held, the capped count; each badge awarded is told to the
 * player in the same transaction (one more statement per badge, none when none). Answers the
 * badges awarded.
 */
export async function awardRules(
  db: Db,
  userId: string,
  rules: readonly BadgeRule[],
  notice: NotifyOptions = NO_MAIL,
): Promise<string[]> {
  if (rules.length === 0) return [];
  const awarded = (await insertMet(db, userId, rules)).map((r) => r.badge);
  for (const badge of awarded) await notifyBadges(db, [userId], badge, notice);
  return awarded;
}

/**
 * Awards the badges a player has just earned (never twice; kept when the reason goes), each told
 * to the player ('badge-earned') with the award. Every
 * write path that can earn a badge calls this inside its transaction, after its own write; only
 * the rules the trigger can change are counted (BADGE_RULES in rules.ts).
 *
 * It runs in a savepoint of the caller's transaction (a transaction of its own when called
 * outside one), behind a lock on the player when a rule counts past one: a player's concurrent
 * writes are counted one after the other, so two posts arriving at once as the 9th and 10th still
 * earn '10 Posts'. A failure here (even a deadlock on that lock) is reported and rolled back to the
 * savepoint; it never fails the player's write. A badge
 * missed that way is earned at the player's next trigger of that kind (the rules compare counts
 * to targets with >=), when their profile's badges are read, or by the backfill.
 */
export async function awardBadges(
  db: Db,
  userId: string,
  trigger: BadgeTrigger,
  notice: NotifyOptions = NO_MAIL,
): Promise<void> {
  const rules = BADGE_RULES.filter((r) => r.triggers.includes(trigger));
  if (rules.length === 0) return;
  try {
    await db.transaction(async (tx) => {
      // Only a count above one can be missed by two writes counting at once (a target of one is
      // met by the write itself): 'post', 'event-registration' and 'rating-given', each locking
      // the player who acted, so a transaction takes one such lock (a rating's owner award none).
      if (rules.some((r) => r.target > 1))
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`badges:${userId}`}))`);
      await awardRules(tx as unknown as Db, userId, rules, notice);
    });
  } catch (err) {
    // The player's account was deleted meanwhile: nothing to award, nothing to report.
    if (missingReference(err)?.table === 'users') return;
    awardErrors.report(err, userId, trigger);
  }
}
