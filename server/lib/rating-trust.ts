import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { comments, eventRegistrations, gearPosts, posts, teamMembers, users } from '../db/schema';

/** RATING_TRUST_HOURS by default: a rating from an account younger than a day does not count yet. */
export const DEFAULT_RATING_TRUST_HOURS = 24;

/** What the rating answer says when the rating is kept but not counted yet. */
export function notCountedYet(hours: number): string {
  const age = hours === 24 ? 'a day' : hours === 1 ? 'an hour' : `${hours} hours`;
  return `Your rating is saved; it counts once your account is ${age} old and has taken part (a post, a comment, a team, an event or gear of your own)`;
}

/**
 * Whether a player's ratings count in averages and rankings (issue 24, fresh-account trust): the
 * account is at least `hours` old and has other activity (a post, a comment, a team, an event
 * registration or gear of its own). `0` hours: every rating counts at once. One statement, on the
 * primary keys and user indexes of the tables it asks.
 */
export async function ratingsCount(db: Db, userId: string, hours: number): Promise<boolean> {
  if (hours <= 0) return true;
  const active = (table: { userId: unknown } & object) =>
    sql`EXISTS (SELECT 1 FROM ${table} WHERE ${(table as typeof posts).userId} = ${users.id})`;
  const [row] = await db
    .select({
      trusted: sql<boolean>`${users.joinedAt} <= now() - make_interval(hours => ${hours}::int)
        AND (${active(posts)} OR ${active(comments)} OR ${active(teamMembers)}
          OR ${active(eventRegistrations)} OR ${active(gearPosts)})`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row?.trusted === true;
}
