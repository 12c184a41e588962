import {
  type BadgeProgress,
  type EarnedBadge,
  PROFILE_TEXTS,
  type UserBadgesAnswer,
} from '../../../contract';
import type { Db } from '../../db/client';
import { iso } from '../../db/rows';
import { notFound } from '../../errors';
import { NO_MAIL, type NotifyOptions } from '../notifications';
import { awardErrors, awardRules, notifyBadges } from './award';
import { insertEarners, selectCounts, selectHeld, selectHolders, selectPlayers, selectUser } from './queries';
import { BADGE_RULES, type BadgeRule, RULES_BY_ID } from './rules';

/**
 * Awards every rule to every player who meets it and does not hold it yet, dated when they met
 * it (the time of their target-th post, registration, rating…; a year after joining): one
 * set-based INSERT … SELECT per rule, ON CONFLICT DO NOTHING, so it is safe to run at any time,
 * in several processes at once. Each rule's new holders are told ('badge-earned') by one
 * notify() per rule, in a transaction with the rule's award. Used by the demo seed once all
 * content is in, and by housekeeping (every rule at a process's first run, then the one-year
 * rule). Answers how many badges were awarded.
 */
export async function backfillBadges(
  db: Db,
  rules: readonly BadgeRule[] = BADGE_RULES,
  notice: NotifyOptions = NO_MAIL,
): Promise<number> {
  let awarded = 0;
  for (const rule of rules) {
    awarded += await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const holders = await insertEarners(t, rule);
      await notifyBadges(
        t,
        holders.map((h) => h.userId),
        rule.id,
        notice,
      );
      return holders.length;
    });
  }
  return awarded;
}

/** The one-year rule alone: what housekeeping sweeps on every run. */
export const backfillMembership = (db: Db, notice: NotifyOptions = NO_MAIL) =>
  backfillBadges(
    db,
    BADGE_RULES.filter((r) => r.id === 'one-year'),
    notice,
  );

export interface Rarity {
  /** Players holding each badge. */
  holders: Map<string, number>;
  players: number;
}

export async function countRarity(db: Db): Promise<Rarity> {
  const [held, [all]] = await Promise.all([selectHolders(db), selectPlayers(db)]);
  return { holders: new Map(held.map((h) => [h.badge, h.holders])), players: all?.players ?? 0 };
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
  notice: NotifyOptions = NO_MAIL,
): Promise<UserBadgesAnswer> {
  const [user] = await selectUser(db, userId);
  if (!user) throw notFound(PROFILE_TEXTS.notFound);

  const readHeld = async () => new Map((await selectHeld(db, userId)).map((r) => [r.badge, r.createdAt]));
  let held = await readHeld();
  const open = BADGE_RULES.filter((r) => !held.has(r.id));
  const [counts] = open.length > 0 ? await selectCounts(db, userId, open) : [];
  const current = new Map(open.map((r, i) => [r.id, Math.min(r.target, counts?.[`r${i}`] ?? 0)]));
  const due = open.filter((r) => (current.get(r.id) ?? 0) >= r.target);
  if (due.length > 0) {
    try {
      await db.transaction((tx) => awardRules(tx as unknown as Db, userId, due, notice));
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
