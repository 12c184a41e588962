import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ReportSnapshot, ReportSubjectType } from '../../../contract';
import type { Db } from '../../db/client';
import { rows } from '../../db/rows';
import {
  comments,
  eventComments,
  gearPosts,
  posts,
  reports,
  teamGallery,
  teamMembers,
  teams,
  users,
} from '../../db/schema';

/** A comment on a post or in an event's discussion: its text, author and a link to where it is. */
async function commentLike(
  db: Db,
  table: typeof comments | typeof eventComments,
  parent: typeof comments.postId | typeof eventComments.eventId,
  id: string,
  urlOf: (parentId: string) => string,
): Promise<ReportSnapshot | null> {
  const [r] = await db
    .select({ text: table.content, parentId: parent, authorId: table.userId, username: users.username })
    .from(table)
    .leftJoin(users, eq(users.id, table.userId))
    .where(eq(table.id, id));
  return r
    ? { text: r.text, images: [], authorId: r.authorId, authorUsername: r.username, url: urlOf(r.parentId) }
    : null;
}

/**
 * What a report names, read as it is now: its text, images, author and link. The snapshot a report
 * keeps is this, taken when it is made (so the queue shows the content as it was reported).
 */
export async function readSubject(
  db: Db,
  type: ReportSubjectType,
  id: string,
): Promise<ReportSnapshot | null> {
  switch (type) {
    case 'post': {
      const [r] = await db
        .select({
          text: posts.caption,
          images: posts.images,
          authorId: posts.userId,
          username: users.username,
        })
        .from(posts)
        .leftJoin(users, eq(users.id, posts.userId))
        .where(eq(posts.id, id));
      return r
        ? {
            text: r.text,
            images: r.images ?? [],
            authorId: r.authorId,
            authorUsername: r.username,
            url: `/posts/${id}`,
          }
        : null;
    }
    case 'comment':
      return commentLike(db, comments, comments.postId, id, (postId) => `/posts/${postId}`);
    case 'eventComment':
      // Issue 26: a comment in an event's discussion.
      return commentLike(
        db,
        eventComments,
        eventComments.eventId,
        id,
        (eventId) => `/events/${eventId}#discussion`,
      );
    case 'user': {
      const [r] = await db
        .select({ username: users.username, bio: users.bio, avatar: users.avatar, cover: users.coverImage })
        .from(users)
        .where(eq(users.id, id));
      return r
        ? {
            text: r.bio,
            images: [r.avatar, r.cover].filter((x): x is string => Boolean(x)),
            authorId: id,
            authorUsername: r.username,
            title: r.username,
            url: `/profile/${encodeURIComponent(r.username)}`,
          }
        : null;
    }
    case 'team': {
      const [r] = await db
        .select({
          name: teams.name,
          tagline: teams.tagline,
          description: teams.description,
          logo: teams.logo,
          banner: teams.banner,
          leaderId: teamMembers.userId,
          username: users.username,
        })
        .from(teams)
        .leftJoin(teamMembers, and(eq(teamMembers.teamId, teams.id), eq(teamMembers.role, 'leader')))
        .leftJoin(users, eq(users.id, teamMembers.userId))
        .where(eq(teams.id, id))
        .limit(1);
      return r
        ? {
            text: [r.tagline, r.description].filter(Boolean).join('\n\n') || null,
            images: [r.logo, r.banner].filter((x): x is string => Boolean(x)),
            authorId: r.leaderId,
            authorUsername: r.username,
            title: r.name,
            url: `/teams/${id}`,
          }
        : null;
    }
    case 'gear': {
      const [r] = await db
        .select({
          title: gearPosts.title,
          description: gearPosts.description,
          image: gearPosts.image,
          authorId: gearPosts.userId,
          username: users.username,
        })
        .from(gearPosts)
        .leftJoin(users, eq(users.id, gearPosts.userId))
        .where(eq(gearPosts.id, id));
      return r
        ? {
            text: r.description,
            images: [r.image],
            authorId: r.authorId,
            authorUsername: r.username,
            title: r.title,
            url: '/gear',
          }
        : null;
    }
    case 'teamGalleryImage': {
      const [r] = await db
        .select({
          caption: teamGallery.caption,
          image: teamGallery.image,
          teamId: teamGallery.teamId,
          authorId: teamGallery.uploadedBy,
          username: users.username,
        })
        .from(teamGallery)
        .leftJoin(users, eq(users.id, teamGallery.uploadedBy))
        .where(eq(teamGallery.id, id));
      return r
        ? {
            text: r.caption,
            images: [r.image],
            authorId: r.authorId,
            authorUsername: r.username,
            url: `/teams/${r.teamId}`,
          }
        : null;
    }
  }
}

/** Whether `userId` is a member of the team (a member may not report their own team). */
export async function isTeamMember(db: Db, teamId: string, userId: string): Promise<boolean> {
  const [r] = await db
    .select({ id: teamMembers.id })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  return !!r;
}

/**
 * Adds a report in ONE statement, its locks in decision 024's order: the two accounts (FOR KEY
 * SHARE, as the insert's foreign keys take them), then the subject's row (FOR KEY SHARE, until the
 * statement commits), then the row (nothing for a second open report: the unique partial index).
 * An admin's delete of the subject either comes first (`found` false: nothing added) or waits for
 * this report, which its action then closes with the others. One statement holds a pool connection
 * as briefly as a plain insert (1,000 reports at once), and the pool runs an autocommit statement
 * again if PostgreSQL ever picks it as a deadlock's victim (decision 024).
 */
export async function insertReport(
  db: Db,
  r: {
    reporterId: string;
    subjectType: ReportSubjectType;
    subjectId: string;
    authorId: string | null;
    reason: string;
    note: string | null;
    snapshot: ReportSnapshot;
  },
): Promise<{ found: boolean; id: string | null }> {
  const table = TABLES[r.subjectType];
  const accountIds = [...new Set([r.reporterId, r.authorId].filter((x): x is string => Boolean(x)))].sort();
  const [row] = await rows<{ found: boolean; id: string | null }>(
    db,
    sql`WITH accounts AS (
          SELECT ${users.id} FROM ${users}
          WHERE ${users.id} IN (${sql.join(
            accountIds.map((a) => sql`${a}::uuid`),
            sql`, `,
          )})
          ORDER BY ${users.id} FOR KEY SHARE
        ),
        subject AS (
          SELECT ${table.id} FROM ${table}
          WHERE (SELECT count(*) FROM accounts) >= 0 AND ${table.id} = ${r.subjectId}::uuid
          FOR KEY SHARE
        ),
        added AS (
          INSERT INTO ${reports} (reporter_id, subject_type, subject_id, author_id, reason, note, snapshot)
          SELECT ${r.reporterId}::uuid, ${r.subjectType}, ${r.subjectId}::uuid, ${r.authorId}::uuid,
                 ${r.reason}, ${r.note}, ${JSON.stringify(r.snapshot)}::jsonb
          FROM subject
          ON CONFLICT DO NOTHING
          RETURNING id
        )
        SELECT EXISTS (SELECT 1 FROM subject) AS found, (SELECT id FROM added) AS id`,
  );
  return { found: row?.found === true, id: row?.id ?? null };
}

/** The team a gallery image belongs to (the gallery's delete takes it). */
export async function galleryTeamOf(db: Db, imageId: string): Promise<string | null> {
  const [r] = await db
    .select({ teamId: teamGallery.teamId })
    .from(teamGallery)
    .where(eq(teamGallery.id, imageId));
  return r?.teamId ?? null;
}

const TABLES = {
  post: posts,
  comment: comments,
  user: users,
  team: teams,
  gear: gearPosts,
  teamGalleryImage: teamGallery,
  eventComment: eventComments,
} as const;

/** Which of the subjects still exist: one query per subject type named (at most six). */
export async function existing(
  db: Db,
  subjects: ReadonlyArray<{ subjectType: ReportSubjectType; subjectId: string }>,
): Promise<Set<string>> {
  const found = new Set<string>();
  const byType = new Map<ReportSubjectType, string[]>();
  for (const s of subjects) byType.set(s.subjectType, [...(byType.get(s.subjectType) ?? []), s.subjectId]);
  for (const [type, ids] of byType) {
    const table = TABLES[type];
    const list = await db.select({ id: table.id }).from(table).where(inArray(table.id, ids));
    for (const r of list) found.add(`${type}:${r.id}`);
  }
  return found;
}

export const keyOf = (s: { subjectType: string; subjectId: string }) => `${s.subjectType}:${s.subjectId}`;
