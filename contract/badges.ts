import { z } from './messages';

/**
 * Badges earned from play (SPEC §3 user_badges; issue 13): the answer of
 * GET /api/user/{userId}/badges, the badge ids and icons, and the texts. The rules that award
 * them (and each badge's name and description) live in one place: server/modules/badges/rules.ts.
 */

/** The badge ids stored in user_badges.badge. */
export const BADGE_IDS = [
  'first-post',
  'posts-10',
  'posts-100',
  'first-event',
  'events-5',
  'events-25',
  'team-founder',
  'team-member',
  'first-gear',
  'ratings-25',
  'top-rated-gear',
  'one-year',
] as const;
export type BadgeId = (typeof BADGE_IDS)[number];

/**
 * Each badge's name as its rule gives it (server/modules/badges/rules.ts; a test keeps the two the
 * same), for what names a badge outside the badges module: a notification's sentence (issue 23).
 */
export const BADGE_NAMES: Record<BadgeId, string> = {
  'first-post': 'First Post',
  'posts-10': '10 Posts',
  'posts-100': '100 Posts',
  'first-event': 'First Event',
  'events-5': '5 Events',
  'events-25': '25 Events',
  'team-founder': 'Team Founder',
  'team-member': 'Team Member',
  'first-gear': 'First Gear Upload',
  'ratings-25': '25 Ratings Given',
  'top-rated-gear': 'Top Rated Gear',
  'one-year': 'One Year a Member',
};

/** The icons a badge may show (lucide names, mapped to components by the web). */
export const BADGE_ICONS = [
  'message-square',
  'messages-square',
  'megaphone',
  'calendar-check',
  'calendar-days',
  'medal',
  'flag',
  'users',
  'camera',
  'star',
  'trophy',
  'cake',
] as const;
export type BadgeIcon = (typeof BADGE_ICONS)[number];

/** A badge the player holds. */
export const earnedBadge = z.object({
  id: z.enum(BADGE_IDS),
  name: z.string(),
  description: z.string(),
  icon: z.enum(BADGE_ICONS),
  awardedAt: z.string(),
  /** The share of players holding it, 0 to 1. */
  rarity: z.number().min(0).max(1),
});
export type EarnedBadge = z.infer<typeof earnedBadge>;

/** A badge not earned yet whose rule counts something: how far the player is. */
export const badgeProgress = z.object({
  id: z.enum(BADGE_IDS),
  name: z.string(),
  description: z.string(),
  icon: z.enum(BADGE_ICONS),
  /** Never above target. */
  current: z.number().int().min(0),
  target: z.number().int().min(1),
});
export type BadgeProgress = z.infer<typeof badgeProgress>;

/** GET /api/user/{userId}/badges: earned (oldest first) and the progress toward the next ones. */
export const userBadgesAnswer = z.object({
  earned: z.array(earnedBadge),
  progress: z.array(badgeProgress),
});
export type UserBadgesAnswer = z.infer<typeof userBadgesAnswer>;

/** 0.123 → 'Held by 12% of players'; a share above 0 never shows as 0%. */
export function rarityLabel(rarity: number): string {
  const pct = rarity <= 0 ? 0 : Math.max(1, Math.round(rarity * 100));
  return `Held by ${pct}% of players`;
}

export const BADGE_TEXTS = {
  title: 'Badges',
  nextTitle: 'Next badges',
  noBadges: 'No badges yet',
  noBadgesHint: 'Badges are earned by posting, joining events and teams, and sharing gear.',
  fetchFailed: 'Failed to load badges',
} as const;
