import { type SQL, sql } from 'drizzle-orm';
import type { BadgeIcon, BadgeId } from '../../../contract';

/** What just happened to a player; each trigger re-checks the badge rules it can change. */
export type BadgeTrigger =
  | 'post' // the player posted
  | 'event-registration' // the player registered for an event (or was moved up from its waitlist)
  | 'team' // the player founded or joined a team
  | 'gear-upload' // the player uploaded gear
  | 'rating-given' // the player rated someone's gear
  | 'gear-rated'; // someone rated the player's gear

/**
 * Every badge rule, in one place (issue 13). A rule counts something a player did, capped at its
 * target; the badge is earned when the count reaches the target. The same definition gives:
 * - the cheap per-player count the award after a trigger and the profile's progress read
 *   (an index range on the player's rows, LIMIT target);
 * - the set-based backfill (every player who qualifies, dated when they did: the time of their
 *   target-th row).
 */

/** The rows a rule counts: a table aliased `x`, its player column, and the order rows arrive in. */
interface Tally {
  /** `<table> x` */
  from: SQL;
  /** The player's column, e.g. `x.user_id`. */
  user: SQL;
  /** The arrival order of the player's rows (the backfill's target-th row). */
  order: SQL;
  /** When the target-th row made the badge earned (default: its order column). */
  earnedAt?: SQL;
  /** Which of the rows count (default all). */
  where?: SQL;
}

export interface BadgeRule {
  id: BadgeId;
  name: string;
  description: string;
  icon: BadgeIcon;
  /** The triggers that can change this rule's count: awardBadges re-checks only these. */
  triggers: readonly BadgeTrigger[];
  target: number;
  /** Rules of one ladder (posts 1, 10, 100): the profile shows progress toward the first one not held. */
  ladder?: string;
  /** The profile shows current/target while it is not earned (rules with a real count). */
  showProgress: boolean;
  /** The player's count, capped at the target, as a scalar subquery. */
  current(userId: string): SQL;
  /** (user_id, earned_at) of every player who qualifies and does not hold the badge yet. */
  earners(): SQL;
}

const raw = sql.raw;

function tallyRule(def: Omit<BadgeRule, 'current' | 'earners'> & { tally: Tally }): BadgeRule {
  const { tally, ...rule } = def;
  const where = tally.where ?? sql`true`;
  return {
    ...rule,
    current: (userId) =>
      sql`(SELECT count(*)::int FROM (SELECT 1 FROM ${tally.from}
            WHERE ${tally.user} = ${userId} AND ${where} LIMIT ${def.target}) s)`,
    earners: () =>
      sql`SELECT user_id, earned_at FROM (
            SELECT ${tally.user} AS user_id, ${tally.earnedAt ?? tally.order} AS earned_at,
              row_number() OVER (PARTITION BY ${tally.user} ORDER BY ${tally.order}, x.id) AS n
            FROM ${tally.from}
            WHERE ${tally.user} IS NOT NULL AND ${where}
              AND NOT EXISTS (SELECT 1 FROM user_badges b WHERE b.user_id = ${tally.user} AND b.badge = ${def.id})
          ) s WHERE n = ${def.target}`,
  };
}

const posts: Tally = { from: raw('posts x'), user: raw('x.user_id'), order: raw('x.created_at') };
const events: Tally = {
  from: raw('event_registrations x'),
  user: raw('x.user_id'),
  // A waitlisted player's place counts from when they were moved up.
  order: raw('coalesce(x.promoted_at, x.created_at)'),
  where: raw(`x.status = 'registered'`),
};
const ratingsGiven: Tally = {
  from: raw('gear_ratings x'),
  user: raw('x.user_id'),
  order: raw('x.created_at'),
};

/** Top-rated gear: an average of 4.5 or more from at least 5 ratings. */
export const TOP_RATED = { average: 4.5, ratings: 5 } as const;

export const DAYS_A_YEAR = 365;

/** One year a member: the count is the days since joining (365 once a calendar year has passed). */
const oneYear: BadgeRule = {
  id: 'one-year',
  name: 'One Year a Member',
  description: 'A member of the community for a year',
  icon: 'cake',
  triggers: [],
  target: DAYS_A_YEAR,
  showProgress: true,
  current: (userId) =>
    sql`(SELECT CASE WHEN u.joined_at <= now() - interval '1 year' THEN ${DAYS_A_YEAR}::int
            ELSE LEAST(${DAYS_A_YEAR - 1}, GREATEST(0, floor(extract(epoch FROM now() - u.joined_at) / 86400)))::int END
          FROM users u WHERE u.id = ${userId})`,
  earners: () =>
    sql`SELECT u.id AS user_id, u.joined_at + interval '1 year' AS earned_at FROM users u
        WHERE u.joined_at <= now() - interval '1 year'
          AND NOT EXISTS (SELECT 1 FROM user_badges b WHERE b.user_id = u.id AND b.badge = 'one-year')`,
};

/** Every badge, in the order a profile lists them when earned at the same moment. */
export const BADGE_RULES: readonly BadgeRule[] = [
  tallyRule({
    id: 'first-post',
    name: 'First Post',
    description: 'Shared a first post',
    icon: 'message-square',
    triggers: ['post'],
    target: 1,
    ladder: 'posts',
    showProgress: true,
    tally: posts,
  }),
  tallyRule({
    id: 'posts-10',
    name: '10 Posts',
    description: 'Shared 10 posts',
    icon: 'messages-square',
    triggers: ['post'],
    target: 10,
    ladder: 'posts',
    showProgress: true,
    tally: posts,
  }),
  tallyRule({
    id: 'posts-100',
    name: '100 Posts',
    description: 'Shared 100 posts',
    icon: 'megaphone',
    triggers: ['post'],
    target: 100,
    ladder: 'posts',
    showProgress: true,
    tally: posts,
  }),
  tallyRule({
    id: 'first-event',
    name: 'First Event',
    description: 'Registered for a first event',
    icon: 'calendar-check',
    triggers: ['event-registration'],
    target: 1,
    ladder: 'events',
    showProgress: true,
    tally: events,
  }),
  tallyRule({
    id: 'events-5',
    name: '5 Events',
    description: 'Registered for 5 events',
    icon: 'calendar-days',
    triggers: ['event-registration'],
    target: 5,
    ladder: 'events',
    showProgress: true,
    tally: events,
  }),
  tallyRule({
    id: 'events-25',
    name: '25 Events',
    description: 'Registered for 25 events',
    icon: 'medal',
    triggers: ['event-registration'],
    target: 25,
    ladder: 'events',
    showProgress: true,
    tally: events,
  }),
  tallyRule({
    id: 'team-founder',
    name: 'Team Founder',
    description: 'Founded a team',
    icon: 'flag',
    triggers: ['team'],
    target: 1,
    showProgress: false,
    tally: { from: raw('teams x'), user: raw('x.created_by'), order: raw('x.created_at') },
  }),
  tallyRule({
    id: 'team-member',
    name: 'Team Member',
    description: 'Joined a team',
    icon: 'users',
    triggers: ['team'],
    target: 1,
    showProgress: false,
    tally: { from: raw('team_members x'), user: raw('x.user_id'), order: raw('x.joined_at') },
  }),
  tallyRule({
    id: 'first-gear',
    name: 'First Gear Upload',
    description: 'Uploaded a first piece of gear',
    icon: 'camera',
    triggers: ['gear-upload'],
    target: 1,
    showProgress: false,
    tally: { from: raw('gear_posts x'), user: raw('x.user_id'), order: raw('x.created_at') },
  }),
  tallyRule({
    id: 'ratings-25',
    name: '25 Ratings Given',
    description: "Rated 25 pieces of other players' gear",
    icon: 'star',
    triggers: ['rating-given'],
    target: 25,
    showProgress: true,
    tally: ratingsGiven,
  }),
  tallyRule({
    id: 'top-rated-gear',
    name: 'Top Rated Gear',
    description: `Gear rated ${TOP_RATED.average} or more on average by at least ${TOP_RATED.ratings} players`,
    icon: 'trophy',
    triggers: ['gear-rated'],
    target: 1,
    showProgress: false,
    tally: {
      from: raw('gear_posts x'),
      user: raw('x.user_id'),
      order: raw('x.created_at'),
      // Earned with the latest rating the gear had when it was found qualifying.
      earnedAt: raw('(SELECT max(r.created_at) FROM gear_ratings r WHERE r.gear_post_id = x.id)'),
      where: sql`x.total_ratings >= ${TOP_RATED.ratings} AND x.average_rating >= ${TOP_RATED.average}`,
    },
  }),
  oneYear,
];

export const RULES_BY_ID: ReadonlyMap<string, BadgeRule> = new Map(BADGE_RULES.map((r) => [r.id, r]));
