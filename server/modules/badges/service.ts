import { sql } from 'drizzle-orm';
import {
  type BadgeProgress,
  type EarnedBadge,
  PROFILE_TEXTS,
  type UserBadgesAnswer,
} from '../../../contract';
import type { Db } from '../../db/client';
import { iso, rows } from '../../db/rows';
import { notFound } from '../../errors';
import { awardErrors, awardRules } from './award';
import { BADGE_RULES, type BadgeRule, RULES_BY_ID } from './rules';

/**
 * Awards every rule to every player who meets it and does not hold it yet, dated when they met
 * it (the time of their target-th post, registration, rating…; a year after joining): one
 * set-based INSERT … SELECT per rule, ON CONFLICT DO NOTHING, so it is safe to run at any time,
 * in several processes at once. Used by the demo seed once all content is in, and by
 * housekeeping (every rule at a process's first run, then the one-year rule). Answers how many
 * badges were awarded.
 */
export async function backfillBadges(db: Db, rules: readonly BadgeRule[] = BADGE_RULES): Promise<number> {
  let awarded = 0;
  for (const rule of rules) {
    const added = await rows<{ id: string }>(
      db,
      sql`INSERT INTO user_badges (user_id, badge, created_at)
          SELECT e.user_id, ${rule.id}, e.earned_at FROM (${rule.earners()}) e
          ON CONFLICT (user_id, badge) DO NOTHING RETURNING id`,
    );
    awarded += added.length;
  }
  return awarded;
}

/** The one-year rule alone: what housekeeping sweeps on every run. */
export const backfillMembership = (db: Db) =>
  backfillBadges(
    db,
    BADGE_RULES.filter((r) => r.id === 'one-year'),
  );

export interface Rarity {
  /** Players holding each badge. */
  holders: Map<string, number>;
  players: number;
}

export async function countRarity(db: Db): Promise<Rarity> {
  const [held, [players]] = await Promise.all([
    rows<{ badge: string; n: number | string }>(
      db,
      sql`SELECT badge, count(*) AS n FROM user_badges GROUP BY badge`,
    ),
    rows<{ n: number | string }>(db, sql`SELECT count(*) AS n FROM users`),
  ]);
  return { holders: new Map(held.map((h) => [h.badge, Number(h.n)])), players: Number(players?.n ?? 0) };
}

/**
 * The rarity counts, kept `ttlMs` in this process (two GROUP BYs over every badge and player do not
 * run for each profile view); requests arriving while they are counted share the one count.
 */
export function createRarityCache(ttlMs: number) {
  let kept: { at: number; value: Promise<Rarity> } | null = null;
  return {
    get(db: Db): Promise<Rarity> {
      if (kept && Date.now() - kept.at < ttlMs) return kept.value;
      const value = countRarity(db);
      kept = { at: Date.now(), value };
      value.catch(() => {
        if (kept?.value === value) kept = null;
      });
      return value;
    },
    clear() {
      kept = null;
    },
  };
}
export type RarityCache = ReturnType<typeof createRarityCache>;

/** The share of players holding a badge; one the player holds counts them at least (a cached count may be older). */
function share(rarity: Rarity, badge: string): number {
  const holders = Math.max(1, rarity.holders.get(badge) ?? 0);
  return Math.min(1, holders / Math.max(1, rarity.players, holders));
}

const presentRule = (r: BadgeRule) => ({ id: r.id, name: r.name, description: r.description, icon: r.icon });

/**
 * A player's badges: those earned (oldest first, with the share of players holding each) and the
 * progress toward the next ones (in each ladder the first not held; rules with a count only).
 * A rule the player meets but does not hold yet (one year a member, or an award that failed) is
 * awarded here first.
 */
export async function getUserBadges(
  db: Db,
  userId: string,
  rarityCache: RarityCache,
): Promise<UserBadgesAnswer> {
  const [user] = await rows<{ id: string }>(db, sql`SELECT id FROM users WHERE id = ${userId}`);
  if (!user) throw notFound(PROFILE_TEXTS.notFound);

  const readHeld = async () =>
    new Map(
      (
        await rows<{ badge: string; created_at: Date | string }>(
          db,
          sql`SELECT badge, created_at FROM user_badges WHERE user_id = ${userId}`,
        )
      ).map((r) => [r.badge, r.created_at]),
    );
  let held = await readHeld();
  const open = BADGE_RULES.filter((r) => !held.has(r.id));
  const [counts] =
    open.length > 0
      ? await rows<Record<string, number | string | null>>(
          db,
          sql`SELECT ${sql.join(
            open.map((r, i) => sql`${r.current(userId)} AS ${sql.identifier(`r${i}`)}`),
            sql`, `,
          )}`,
        )
      : [{}];
  const current = new Map(open.map((r, i) => [r.id, Math.min(r.target, Number(counts?.[`r${i}`] ?? 0))]));
  const due = open.filter((r) => (current.get(r.id) ?? 0) >= r.target);
  if (due.length > 0) {
    try {
      await awardRules(db, userId, due);
    } catch (err) {
      awardErrors.report(err, userId, 'profile');
    }
    held = await readHeld();
  }

  const rarity = await rarityCache.get(db);
  const order = new Map(BADGE_RULES.map((r, i) => [r.id, i]));
  const earned: EarnedBadge[] = [...held]
    .flatMap(([badge, at]) => {
      const rule = RULES_BY_ID.get(badge);
      return rule ? [{ ...presentRule(rule), awardedAt: iso(at), rarity: share(rarity, badge) }] : [];
    })
    .sort(
      (a, b) => a.awardedAt.localeCompare(b.awardedAt) || (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0),
    );

  const progress: BadgeProgress[] = [];
  const ladders = new Set<string>();
  for (const rule of BADGE_RULES) {
    if (held.has(rule.id) || !rule.showProgress) continue;
    if (rule.ladder) {
      if (ladders.has(rule.ladder)) continue;
      ladders.add(rule.ladder);
    }
    progress.push({ ...presentRule(rule), current: current.get(rule.id) ?? 0, target: rule.target });
  }
  return { earned, progress };
}
