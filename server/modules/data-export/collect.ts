import { type SQL, sql } from 'drizzle-orm';
import { rows } from '../../db/rows';
import type { Db } from '../../db/types';

/*
 * What the site holds about one player, read for their data export (issue 24). Every statement
 * names its columns: never a password hash, a session's or calendar address's token hash, another
 * player's email, admin notes or reports about the player. Other players appear by username only.
 */

/** Analytics rows kept in an export: the most recent ones (a player's years of page views stay bounded). */
export const EXPORT_MAX_VISITS = 2_000;
export const EXPORT_MAX_PAGE_VIEWS = 10_000;
export const EXPORT_MAX_SEARCHES = 5_000;

type Row = Record<string, unknown>;

const list = (db: Db, query: SQL) => rows<Row>(db, query);

/** A player's own image: one the site stored (`/objects/images/...`), not an outside address. */
export const OWN_IMAGE = /^\/objects\/images\/[A-Za-z0-9][A-Za-z0-9._-]{0,150}$/;

export interface ExportImage {
  /** The object path as the data names it. */
  objectPath: string;
  /** Where it goes in the ZIP. */
  file: string;
}

export interface CollectedData {
  data: Record<string, unknown>;
  images: ExportImage[];
}

/** Everything about `userId`, as data.json holds it, and the images to copy; null when the account is gone. */
export async function collectUserData(db: Db, userId: string, now: Date): Promise<CollectedData | null> {
  const [profile] = await list(
    db,
    sql`SELECT id, username, email, bio, location, avatar, cover_image AS "coverImage", role,
               joined_at AS "joinedAt", suspended_until AS "suspendedUntil",
               suspended_indefinitely AS "suspendedIndefinitely", suspension_reason AS "suspensionReason"
        FROM users WHERE id = ${userId}`,
  );
  if (!profile) return null;
  const images: ExportImage[] = [];
  const files = new Map<string, string>();
  /** The ZIP path of an own image (each object once), or null for an outside address. */
  const fileOf = (objectPath: unknown, folder: string): string | null => {
    if (typeof objectPath !== 'string' || !OWN_IMAGE.test(objectPath)) return null;
    const known = files.get(objectPath);
    if (known) return known;
    const file = `images/${folder}/${objectPath.slice('/objects/images/'.length)}`;
    files.set(objectPath, file);
    images.push({ objectPath, file });
    return file;
  };
  profile.avatarFile = fileOf(profile.avatar, 'profile');
  profile.coverImageFile = fileOf(profile.coverImage, 'profile');

  const posts = await list(
    db,
    sql`SELECT id, caption, images, likes_count AS "likesCount", comments_count AS "commentsCount",
               created_at AS "createdAt"
        FROM posts WHERE user_id = ${userId} ORDER BY created_at, id`,
  );
  for (const post of posts)
    post.imageFiles = ((post.images as string[] | null) ?? []).map((p) => fileOf(p, 'posts'));

  const comments = await list(
    db,
    sql`SELECT c.id, c.post_id AS "postId", a.username AS "postAuthor", c.content,
               c.created_at AS "createdAt", c.updated_at AS "updatedAt"
        FROM comments c JOIN posts p ON p.id = c.post_id JOIN users a ON a.id = p.user_id
        WHERE c.user_id = ${userId} ORDER BY c.created_at, c.id`,
  );
  // Issue 26: the player's comments in events' discussions.
  const eventComments = await list(
    db,
    sql`SELECT c.id, c.event_id AS "eventId", e.title AS "eventTitle", c.content, c.pinned,
               c.by_organiser AS "byOrganiser", c.created_at AS "createdAt", c.updated_at AS "updatedAt"
        FROM event_comments c JOIN events e ON e.id = c.event_id
        WHERE c.user_id = ${userId} ORDER BY c.created_at, c.id`,
  );
  const likes = await list(
    db,
    sql`SELECT l.post_id AS "postId", a.username AS "postAuthor", l.created_at AS "createdAt"
        FROM post_likes l JOIN posts p ON p.id = l.post_id JOIN users a ON a.id = p.user_id
        WHERE l.user_id = ${userId} ORDER BY l.created_at, l.id`,
  );
  const bookmarks = await list(
    db,
    sql`SELECT b.post_id AS "postId", a.username AS "postAuthor", b.created_at AS "createdAt"
        FROM post_bookmarks b JOIN posts p ON p.id = b.post_id JOIN users a ON a.id = p.user_id
        WHERE b.user_id = ${userId} ORDER BY b.created_at, b.id`,
  );
  const following = await list(
    db,
    sql`SELECT u.username, f.created_at AS "since"
        FROM follows f JOIN users u ON u.id = f.following_id
        WHERE f.follower_id = ${userId} ORDER BY f.created_at, f.id`,
  );
  const followers = await list(
    db,
    sql`SELECT u.username, f.created_at AS "since"
        FROM follows f JOIN users u ON u.id = f.follower_id
        WHERE f.following_id = ${userId} ORDER BY f.created_at, f.id`,
  );
  const eventRegistrations = await list(
    db,
    sql`SELECT e.id AS "eventId", e.title, e.date, e.location, r.status, s.name AS side, r.private,
               r.created_at AS "registeredAt", r.promoted_at AS "promotedAt"
        FROM event_registrations r JOIN events e ON e.id = r.event_id
        LEFT JOIN event_sides s ON s.id = r.side_id
        WHERE r.user_id = ${userId} ORDER BY r.created_at, r.id`,
  );
  // Game day (issue 25): the waivers the player signed (with their answers), their check-ins and
  // chrono readings at the gate (not who measured: another player), and their garage. A waiver
  // signed at the gate on an organiser's phone says so (not who witnessed it: another player).
  const waivers = await list(
    db,
    sql`SELECT event_id AS "eventId", event_title AS "eventTitle", event_date AS "eventDate",
               version, full_name AS "fullName", date_of_birth AS "dateOfBirth",
               guardian_name AS "guardianName", guardian_phone AS "guardianPhone", created_at AS "signedAt",
               witnessed_by IS NOT NULL AS "signedAtGate"
        FROM waiver_signatures WHERE user_id = ${userId} ORDER BY created_at, id`,
  );
  const checkIns = await list(
    db,
    sql`SELECT e.id AS "eventId", e.title, c.checked_in_at AS "checkedInAt"
        FROM event_check_ins c JOIN events e ON e.id = c.event_id
        WHERE c.user_id = ${userId} ORDER BY c.checked_in_at`,
  );
  const chronoResults = await list(
    db,
    sql`SELECT e.id AS "eventId", e.title, x.replica_class AS "replicaClass", x.fps,
               x.bb_weight_grams AS "bbWeightGrams", x.joules, x.limit_joules AS "limitJoules", x.pass,
               x.measured_at AS "measuredAt"
        FROM event_chrono_results x JOIN events e ON e.id = x.event_id
        WHERE x.user_id = ${userId} ORDER BY x.measured_at, x.id`,
  );
  const replicas = await list(
    db,
    sql`SELECT name, replica_class AS "replicaClass", fps, bb_weight_grams AS "bbWeightGrams",
               measured_at AS "measuredAt", created_at AS "createdAt"
        FROM user_replicas WHERE user_id = ${userId} ORDER BY created_at, id`,
  );
  // Carpools (issue 26): the rides the player posted, and their requests to join others' rides.
  const ridesPosted = await list(
    db,
    sql`SELECT e.id AS "eventId", e.title, r.kind, r.from_place AS "fromPlace", r.lat, r.lng,
               r.departs_at AS "departsAt", r.seats, r.note, r.created_at AS "createdAt"
        FROM rides r JOIN events e ON e.id = r.event_id
        WHERE r.user_id = ${userId} ORDER BY r.created_at, r.id`,
  );
  const rideRequests = await list(
    db,
    sql`SELECT e.id AS "eventId", e.title, r.kind, r.from_place AS "fromPlace", q.seats, q.status,
               q.note, q.created_at AS "requestedAt", q.responded_at AS "respondedAt"
        FROM ride_requests q JOIN rides r ON r.id = q.ride_id JOIN events e ON e.id = r.event_id
        WHERE q.user_id = ${userId} ORDER BY q.created_at, q.id`,
  );
  const teams = await list(
    db,
    sql`SELECT t.id AS "teamId", t.name, m.role, m.joined_at AS "joinedAt"
        FROM team_members m JOIN teams t ON t.id = m.team_id
        WHERE m.user_id = ${userId} ORDER BY m.joined_at, m.id`,
  );
  const applicationsMade = await list(
    db,
    sql`SELECT t.name AS team, a.message, a.status, a.created_at AS "createdAt"
        FROM team_applications a JOIN teams t ON t.id = a.team_id
        WHERE a.user_id = ${userId} ORDER BY a.created_at, a.id`,
  );
  // Applications to the teams the player leads (or co-leads): who applied and the answer; the
  // applicant's message is theirs, not the player's, and is left out.
  const applicationsReceived = await list(
    db,
    sql`SELECT t.name AS team, u.username AS applicant, a.status, a.created_at AS "createdAt"
        FROM team_applications a
        JOIN team_members m ON m.team_id = a.team_id AND m.user_id = ${userId} AND m.role IN ('leader', 'co-leader')
        JOIN teams t ON t.id = a.team_id JOIN users u ON u.id = a.user_id
        ORDER BY a.created_at, a.id`,
  );
  const invitesReceived = await list(
    db,
    sql`SELECT t.name AS team, u.username AS "invitedBy", i.status, i.created_at AS "createdAt"
        FROM team_invites i JOIN teams t ON t.id = i.team_id LEFT JOIN users u ON u.id = i.invited_by
        WHERE i.user_id = ${userId} ORDER BY i.created_at, i.id`,
  );
  const invitesSent = await list(
    db,
    sql`SELECT t.name AS team, u.username AS invitee, i.status, i.created_at AS "createdAt"
        FROM team_invites i JOIN teams t ON t.id = i.team_id JOIN users u ON u.id = i.user_id
        WHERE i.invited_by = ${userId} ORDER BY i.created_at, i.id`,
  );
  const teamGallery = await list(
    db,
    sql`SELECT g.id, t.name AS team, g.image, g.caption, g.created_at AS "createdAt"
        FROM team_gallery g JOIN teams t ON t.id = g.team_id
        WHERE g.uploaded_by = ${userId} ORDER BY g.created_at, g.id`,
  );
  for (const item of teamGallery) item.imageFile = fileOf(item.image, 'team-gallery');
  const gear = await list(
    db,
    sql`SELECT id, title, description, category, image, average_rating AS "averageRating",
               total_ratings AS "totalRatings", created_at AS "createdAt"
        FROM gear_posts WHERE user_id = ${userId} ORDER BY created_at, id`,
  );
  for (const item of gear) item.imageFile = fileOf(item.image, 'gear');
  const gearRatings = await list(
    db,
    sql`SELECT g.id AS "gearId", g.title AS "gearTitle", r.rating, r.counted, r.created_at AS "createdAt"
        FROM gear_ratings r JOIN gear_posts g ON g.id = r.gear_post_id
        WHERE r.user_id = ${userId} ORDER BY r.created_at, r.id`,
  );
  const fieldRatings = await list(
    db,
    sql`SELECT f.id AS "fieldId", f.name AS "fieldName", r.rating, r.counted, r.created_at AS "createdAt"
        FROM field_ratings r JOIN fields f ON f.id = r.field_id
        WHERE r.user_id = ${userId} ORDER BY r.created_at, r.id`,
  );
  const badges = await list(
    db,
    sql`SELECT badge, created_at AS "awardedAt" FROM user_badges WHERE user_id = ${userId} ORDER BY created_at, id`,
  );
  const notifications = await list(
    db,
    sql`SELECT n.kind, n.data, n.read_at AS "readAt", n.created_at AS "createdAt",
               coalesce((SELECT array_agg(u.username ORDER BY na.created_at)
                         FROM notification_actors na JOIN users u ON u.id = na.actor_id
                         WHERE na.notification_id = n.id), '{}') AS actors
        FROM notifications n WHERE n.recipient_id = ${userId} ORDER BY n.seq`,
  );
  const [notificationSettings] = await list(
    db,
    sql`SELECT channels, digest FROM notification_settings WHERE user_id = ${userId}`,
  );
  // Reports the player made: what, why and when; not the content as reported (another player's),
  // nor the outcome or the admin who handled it (the reporter is told nothing of it).
  const reports = await list(
    db,
    sql`SELECT subject_type AS "subjectType", subject_id AS "subjectId", reason, note, created_at AS "createdAt"
        FROM reports WHERE reporter_id = ${userId} ORDER BY created_at, id`,
  );
  const sessions = await list(
    db,
    sql`SELECT created_at AS "signedInAt", last_seen_at AS "lastSeenAt", expires_at AS "expiresAt"
        FROM user_sessions WHERE user_id = ${userId} AND expires_at > ${now.toISOString()}::timestamptz ORDER BY created_at, id`,
  );
  const [calendar] = await list(
    db,
    sql`SELECT created_at AS "createdAt" FROM calendar_tokens WHERE user_id = ${userId}`,
  );
  // Analytics: the visits recorded while the player was signed in (tied to their id), with their
  // page views, and their searches; anonymous visits are tied to no one and are not in it.
  const visits = await list(
    db,
    sql`SELECT id, started_at AS "startedAt", ended_at AS "endedAt", duration_seconds AS "durationSeconds",
               country, region, device, referrer
        FROM sessions WHERE user_id = ${userId} ORDER BY started_at DESC, id LIMIT ${EXPORT_MAX_VISITS}`,
  );
  const pageViews = visits.length
    ? await list(
        db,
        sql`SELECT v.session_id AS "visitId", v.path, v.referrer, v.occurred_at AS "occurredAt"
            FROM page_views v JOIN sessions s ON s.id = v.session_id
            WHERE s.user_id = ${userId} ORDER BY v.occurred_at DESC, v.id LIMIT ${EXPORT_MAX_PAGE_VIEWS}`,
      )
    : [];
  const byVisit = new Map<unknown, Row[]>();
  for (const view of pageViews) {
    const { visitId, ...rest } = view;
    byVisit.set(visitId, [...(byVisit.get(visitId) ?? []), rest]);
  }
  const searches = await list(
    db,
    sql`SELECT query, results_count AS "resultsCount", occurred_at AS "occurredAt"
        FROM search_events WHERE user_id = ${userId} ORDER BY occurred_at DESC, id LIMIT ${EXPORT_MAX_SEARCHES}`,
  );

  return {
    images,
    data: {
      format: 'airsoft-data-export/1',
      exportedAt: now,
      profile,
      posts,
      comments,
      likes,
      bookmarks,
      follows: { following, followers },
      eventRegistrations,
      eventComments,
      waivers,
      checkIns,
      chronoResults,
      replicas,
      rides: { posted: ridesPosted, requests: rideRequests },
      teams,
      teamApplications: { made: applicationsMade, received: applicationsReceived },
      teamInvites: { received: invitesReceived, sent: invitesSent },
      teamGallery,
      gear,
      gearRatings,
      fieldRatings,
      badges,
      notifications: notifications.map(({ readAt, ...n }) => ({ ...n, read: readAt !== null, readAt })),
      notificationSettings: notificationSettings ?? null,
      reports,
      sessions,
      calendarFeed: { exists: Boolean(calendar), createdAt: calendar?.createdAt ?? null },
      analytics: {
        visits: visits.map(({ id, ...visit }) => ({ ...visit, pageViews: byVisit.get(id) ?? [] })),
        searches,
      },
    },
  };
}
