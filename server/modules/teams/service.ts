import { type SQL, sql } from 'drizzle-orm';
import {
  PAGE_MAX_LIMIT,
  type ProfileTeam,
  TEAM_TEXTS,
  type Team,
  type TeamApplication,
  type TeamApplicationStatus,
  type TeamCreate,
  type TeamGalleryItem,
  type TeamInvite,
  type TeamMember,
  type TeamPatch,
  type TeamResponseAnswer,
  type TeamRole,
  teamTag,
  type UserInvite,
  type ViewerApplication,
} from '../../../contract';
import type { Db } from '../../db/client';
import { iso, preparedRows, rows } from '../../db/rows';
import { teams } from '../../db/schema';
import { conflict, forbidden, notFound, uniqueViolation } from '../../errors';
import type { SessionUser } from '../auth';
import { awardBadges } from '../badges';
import { can, canChangeRole, canRemoveMember, type TeamViewer, teamAbilities } from './policy';

export { teamTag };

/**
 * Teams (issue 12). Every read is one statement whatever the roster size (the viewer's place in
 * the team comes in the same statement as what is read); every write a fixed number. The member
 * count is teams.member_count, kept exact by a trigger on team_members (migration 0019).
 */

/** The viewer's id; null for an anonymous viewer, whose statements skip the viewer's joins. */
const viewerIdOf = (user: SessionUser | null) => user?.id ?? null;
type Dated = Date | string;

/** The page size written into the statement (decision 007: a bound LIMIT defeats generic plans). */
function pageLimit(limit: number): SQL {
  if (!Number.isInteger(limit) || limit < 1 || limit > PAGE_MAX_LIMIT)
    throw new RangeError(`page limit ${limit}`);
  return sql.raw(String(limit));
}

/** A member's place in the roster: leader, co-leaders, members (the team_members_roster_idx expression). */
const rankOf = (alias: string) =>
  sql.raw(`(CASE ${alias}.role WHEN 'leader' THEN 0 WHEN 'co-leader' THEN 1 ELSE 2 END)`);
const RANKS: Record<TeamRole, number> = { leader: 0, 'co-leader': 1, member: 2 };

/** The text the directory search reads (the teams_search_trgm_idx expression). */
const SEARCH_TEXT = sql.raw(
  `lower(t.name || ' ' || coalesce(t.tagline, '') || ' ' || coalesce(t.location, ''))`,
);
const likePattern = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
const asDb = (tx: Tx) => tx as unknown as Db;

// ---------------------------------------------------------------------------------------------
// Teams
// ---------------------------------------------------------------------------------------------

interface TeamRow {
  id: string;
  name: string;
  tagline: string | null;
  description: string | null;
  logo: string | null;
  banner: string | null;
  color_theme: string;
  play_style: string | null;
  location: string | null;
  visibility: string;
  is_recruiting: boolean;
  member_count: number | string;
  created_by: string | null;
  created_at: Dated;
  /** The viewer's place: absent for an anonymous viewer (teamSelect(null)). */
  viewer_role?: TeamRole | null;
  app_id?: string | null;
  app_status?: TeamApplicationStatus | null;
  app_message?: string | null;
  app_created_at?: Dated | null;
  inv_id?: string | null;
  inv_created_at?: Dated | null;
  inv_by_id?: string | null;
  inv_by_username?: string | null;
  has_co_leader?: boolean;
}

const TEAM_COLUMNS = sql.raw(`t.id, t.name, t.tagline, t.description, t.logo, t.banner, t.color_theme,
      t.play_style, t.location, t.visibility, t.is_recruiting, t.member_count, t.created_by, t.created_at`);

/**
 * The team's columns and the viewer's role, application, invite (and, for a leader, whether a
 * co-leader exists). An anonymous viewer (null) has no place in any team: the team's columns
 * alone, without the four joins (presentTeam reads the missing columns as null).
 */
function teamSelect(viewerId: string | null): SQL {
  if (viewerId === null) return sql`SELECT ${TEAM_COLUMNS} FROM teams t`;
  return sql`SELECT ${TEAM_COLUMNS},
      vm.role AS viewer_role,
      va.id AS app_id, va.status AS app_status, va.message AS app_message, va.created_at AS app_created_at,
      vi.id AS inv_id, vi.created_at AS inv_created_at, vi.invited_by AS inv_by_id, ib.username AS inv_by_username,
      CASE WHEN vm.role = 'leader' THEN EXISTS (
        SELECT 1 FROM team_members c WHERE c.team_id = t.id AND ${rankOf('c')} = 1) ELSE false END AS has_co_leader
    FROM teams t
    LEFT JOIN team_members vm ON vm.team_id = t.id AND vm.user_id = ${viewerId}
    LEFT JOIN team_applications va ON va.team_id = t.id AND va.user_id = ${viewerId}
      AND va.status IN ('pending', 'rejected') AND vm.role IS NULL
    LEFT JOIN team_invites vi ON vi.team_id = t.id AND vi.user_id = ${viewerId} AND vi.status = 'pending'
    LEFT JOIN users ib ON ib.id = vi.invited_by`;
}

/** SPEC §3 Team with the viewer's place in it and abilities (policy.ts). */
export function presentTeam(r: TeamRow, user: SessionUser | null): Team {
  const role = r.viewer_role ?? null;
  const viewer: TeamViewer = { user, role };
  const application: ViewerApplication | null =
    r.app_id && r.app_status && r.app_created_at
      ? {
          id: r.app_id,
          status: r.app_status,
          message: r.app_message ?? null,
          createdAt: iso(r.app_created_at),
        }
      : null;
  return {
    id: r.id,
    name: r.name,
    tag: teamTag(r.name),
    tagline: r.tagline,
    description: r.description,
    logo: r.logo,
    banner: r.banner,
    colorTheme: r.color_theme,
    playStyle: r.play_style as Team['playStyle'],
    location: r.location,
    visibility: r.visibility,
    isRecruiting: r.is_recruiting,
    memberCount: Number(r.member_count),
    createdBy: r.created_by,
    createdAt: iso(r.created_at),
    currentUserRole: role,
    currentUserIsMember: role !== null,
    viewerApplication: application,
    viewerInvite:
      r.inv_id && r.inv_created_at
        ? {
            id: r.inv_id,
            invitedBy:
              r.inv_by_id && r.inv_by_username ? { id: r.inv_by_id, username: r.inv_by_username } : null,
            createdAt: iso(r.inv_created_at),
          }
        : null,
    abilities: teamAbilities(
      viewer,
      { isRecruiting: r.is_recruiting, hasCoLeader: r.has_co_leader ?? false },
      application?.status ?? null,
    ),
  };
}

export interface TeamListOptions {
  search?: string;
  playStyle?: string;
  isRecruiting?: boolean;
  limit: number;
  before?: string;
}

/**
 * The directory: newest first (teams_created_idx), filtered by play style and recruiting, and by
 * a search over name, tagline and location (teams_search_trgm_idx); `before` is the last team's id.
 */
export function listTeamsSql(opts: TeamListOptions, viewerId: string | null): SQL {
  const where: SQL[] = [];
  const term = opts.search?.trim();
  if (term) where.push(sql`${SEARCH_TEXT} LIKE ${likePattern(term)}`);
  if (opts.playStyle) where.push(sql`t.play_style = ${opts.playStyle}`);
  if (opts.isRecruiting !== undefined) where.push(sql`t.is_recruiting = ${opts.isRecruiting}`);
  if (opts.before)
    where.push(
      sql`(t.created_at, t.id) < (SELECT b.created_at, b.id FROM teams b WHERE b.id = ${opts.before})`,
    );
  const filter = where.length > 0 ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``;
  return sql`${teamSelect(viewerId)} ${filter} ORDER BY t.created_at DESC, t.id DESC LIMIT ${pageLimit(opts.limit)}`;
}

/**
 * Whether the directory statement runs as a named prepared statement. Not with a search term: a
 * generic plan cannot see the term, so it would take the trigram index for every term and sort
 * all the matches (a quarter of the teams for a common word); planned with its term, the planner
 * walks teams_created_idx for a common term and takes the trigram index for a rare one.
 */
export const listTeamsPrepared = (opts: TeamListOptions) => !opts.search?.trim();

export async function listTeams(db: Db, opts: TeamListOptions, user: SessionUser | null): Promise<Team[]> {
  const run = listTeamsPrepared(opts) ? preparedRows : rows;
  const list = await run<TeamRow>(db, listTeamsSql(opts, viewerIdOf(user)));
  return list.map((r) => presentTeam(r, user));
}

/** One team with the viewer's place in it (the statement of GET /api/teams/{id}). */
export const teamSql = (id: string, viewerId: string | null): SQL =>
  sql`${teamSelect(viewerId)} WHERE t.id = ${id}`;

async function readTeam(db: Db, id: string, user: SessionUser | null): Promise<Team> {
  const [row] = await preparedRows<TeamRow>(db, teamSql(id, viewerIdOf(user)));
  if (!row) throw notFound(TEAM_TEXTS.teamNotFound);
  return presentTeam(row, user);
}

export const getTeam = readTeam;

export async function teamExists(db: Db, id: string): Promise<boolean> {
  const found = await rows<{ id: string }>(db, sql`SELECT id FROM teams WHERE id = ${id}`);
  return found.length > 0;
}

/** A name taken (case-insensitively, teams_name_lower_uq) is a 409, whoever wins the race. */
function nameConflict(err: unknown): never {
  const constraint = uniqueViolation(err);
  if (constraint !== null && /name/.test(constraint)) throw conflict(TEAM_TEXTS.nameTaken);
  throw err;
}

/** POST /api/teams: the creator is the leader (one transaction), then earns what founding a team earns. */
export async function createTeam(db: Db, user: SessionUser, body: TeamCreate): Promise<Team> {
  return db.transaction(async (tx) => {
    const [team] = await tx
      .insert(teams)
      .values({ ...body, createdBy: user.id })
      .returning({ id: teams.id })
      .catch(nameConflict);
    await tx.execute(
      sql`INSERT INTO team_members (team_id, user_id, role) VALUES (${team.id}, ${user.id}, 'leader')`,
    );
    await awardBadges(asDb(tx), user.id, 'team');
    return readTeam(asDb(tx), team.id, user);
  });
}

interface PlaceRow {
  id: string;
  is_recruiting: boolean;
  viewer_role: TeamRole | null;
  target_role?: TeamRole | null;
  target_exists?: boolean;
}

/** The team (404 when missing) and the viewer's role in it; with `target`, that user's role too. */
async function placeIn(db: Db, teamId: string, user: SessionUser, target?: string): Promise<PlaceRow> {
  const targetCols = target
    ? sql`, tm.role AS target_role, EXISTS (SELECT 1 FROM users tu WHERE tu.id = ${target}) AS target_exists`
    : sql``;
  const targetJoin = target
    ? sql`LEFT JOIN team_members tm ON tm.team_id = t.id AND tm.user_id = ${target}`
    : sql``;
  const [row] = await rows<PlaceRow>(
    db,
    sql`SELECT t.id, t.is_recruiting, vm.role AS viewer_role ${targetCols}
      FROM teams t
      LEFT JOIN team_members vm ON vm.team_id = t.id AND vm.user_id = ${user.id}
      ${targetJoin}
      WHERE t.id = ${teamId}`,
  );
  if (!row) throw notFound(TEAM_TEXTS.teamNotFound);
  return row;
}

const viewerIn = (place: PlaceRow, user: SessionUser): TeamViewer => ({ user, role: place.viewer_role });
const noPermission = () => forbidden(TEAM_TEXTS.noPermissionTeam);

/** PATCH /api/teams/{id}: the leader; the fields given change. */
export async function updateTeam(db: Db, user: SessionUser, id: string, patch: TeamPatch): Promise<Team> {
  const place = await placeIn(db, id, user);
  if (!can(viewerIn(place, user), 'edit')) throw noPermission();
  const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  await db.update(teams).set(set).where(sql`${teams.id} = ${id}`).catch(nameConflict);
  return readTeam(db, id, user);
}

/** DELETE /api/teams/{id}: the leader (or an admin) disbands the team; its rows go with it. */
export async function disbandTeam(db: Db, user: SessionUser, id: string): Promise<void> {
  const place = await placeIn(db, id, user);
  if (!can(viewerIn(place, user), 'disband')) throw noPermission();
  await db.execute(sql`DELETE FROM teams WHERE id = ${id}`);
}

/** POST /api/teams/{id}/transfer: the leader hands leadership to a co-leader and becomes a co-leader. */
export async function transferTeam(db: Db, user: SessionUser, id: string, targetId: string): Promise<Team> {
  return db.transaction(async (tx) => {
    // The team row locked: two transfers (or a transfer and a role change) go one after the other.
    const [place] = await rows<PlaceRow>(
      asDb(tx),
      sql`SELECT t.id, t.is_recruiting, vm.role AS viewer_role, tm.role AS target_role
        FROM teams t
        LEFT JOIN team_members vm ON vm.team_id = t.id AND vm.user_id = ${user.id}
        LEFT JOIN team_members tm ON tm.team_id = t.id AND tm.user_id = ${targetId}
        WHERE t.id = ${id} FOR UPDATE OF t`,
    );
    if (!place) throw notFound(TEAM_TEXTS.teamNotFound);
    if (!can(viewerIn(place, user), 'transfer')) throw noPermission();
    if (!place.target_role) throw notFound(TEAM_TEXTS.memberNotFound);
    if (place.target_role !== 'co-leader') throw conflict(TEAM_TEXTS.transferToCoLeader);
    await tx.execute(
      sql`UPDATE team_members SET role = 'co-leader' WHERE team_id = ${id} AND user_id = ${user.id}`,
    );
    await tx.execute(
      sql`UPDATE team_members SET role = 'leader' WHERE team_id = ${id} AND user_id = ${targetId}`,
    );
    return readTeam(asDb(tx), id, user);
  });
}

// ---------------------------------------------------------------------------------------------
// Members
// ---------------------------------------------------------------------------------------------

interface MemberRow {
  team_id: string;
  viewer_role: TeamRole | null;
  id: string | null;
  user_id: string;
  username: string;
  avatar: string | null;
  role: TeamRole;
  joined_at: Dated;
}

type MemberFields = Omit<MemberRow, 'team_id' | 'viewer_role' | 'id'> & { id: string };

function presentMember(r: MemberFields, viewer: TeamViewer): TeamMember {
  return {
    id: r.id,
    userId: r.user_id,
    username: r.username,
    avatar: r.avatar,
    role: r.role,
    joinedAt: iso(r.joined_at),
    canRemove: canRemoveMember(viewer, { userId: r.user_id, role: r.role }),
    canChangeRole: canChangeRole(viewer, { role: r.role }),
  };
}

/**
 * A page of a team's roster plus the viewer's role, in one statement: the team row (404 when
 * missing) with the page joined laterally (empty page: one row of nulls).
 */
async function pageOf<T extends { id: string | null; viewer_role: TeamRole | null }>(
  db: Db,
  statement: SQL,
): Promise<{ viewerRole: TeamRole | null; items: T[] }> {
  const list = await preparedRows<T>(db, statement);
  if (list.length === 0) throw notFound(TEAM_TEXTS.teamNotFound);
  return { viewerRole: list[0].viewer_role, items: list.filter((r) => r.id !== null) };
}

/** A page of a team's roster plus the viewer's role (none for an anonymous viewer: null), in one statement (pageOf). */
function pageSql(teamId: string, viewerId: string | null, page: SQL, order: SQL): SQL {
  if (viewerId === null)
    return sql`SELECT NULL::text AS viewer_role, p.*
    FROM teams t
    LEFT JOIN LATERAL (${page}) p ON true
    WHERE t.id = ${teamId}
    ORDER BY ${order}`;
  return sql`SELECT vm.role AS viewer_role, p.*
    FROM teams t
    LEFT JOIN team_members vm ON vm.team_id = t.id AND vm.user_id = ${viewerId}
    LEFT JOIN LATERAL (${page}) p ON true
    WHERE t.id = ${teamId}
    ORDER BY ${order}`;
}

export interface MembersOptions {
  role?: TeamRole;
  limit: number;
  before?: string;
}

/**
 * The statement of GET /api/teams/{id}/members: leader, co-leaders, members, each by join date.
 * The page is read off team_members_roster_idx in its order and stops after `limit` entries,
 * whatever the roster size: the team id is bound in the inner query itself (correlated on t.id,
 * the plan costed it for the average team and sorted the whole roster), and the index holds every
 * column read (an index-only scan, no heap visit; the cursor is where the scan starts).
 */
export function membersSql(teamId: string, opts: MembersOptions, viewerId: string | null): SQL {
  const role = opts.role ? sql`AND ${rankOf('m')} = ${RANKS[opts.role]}` : sql``;
  const cursor = opts.before
    ? sql`AND (${rankOf('m')}, m.joined_at, m.user_id) > (SELECT ${rankOf('b')}, b.joined_at, b.user_id
        FROM team_members b WHERE b.team_id = ${teamId} AND b.user_id = ${opts.before})`
    : sql``;
  return pageSql(
    teamId,
    viewerId,
    sql`SELECT m.id, m.user_id, u.username, u.avatar, m.role, m.joined_at, m.rank
      FROM (SELECT m.id, m.user_id, m.role, m.joined_at, ${rankOf('m')} AS rank
            FROM team_members m
            WHERE m.team_id = ${teamId} ${role} ${cursor}
            ORDER BY ${rankOf('m')}, m.joined_at, m.user_id
            LIMIT ${pageLimit(opts.limit)}) m
      JOIN users u ON u.id = m.user_id`,
    sql`p.rank, p.joined_at, p.user_id`,
  );
}

export async function listMembers(
  db: Db,
  teamId: string,
  opts: MembersOptions,
  user: SessionUser | null,
): Promise<TeamMember[]> {
  const { viewerRole, items } = await pageOf<MemberRow>(db, membersSql(teamId, opts, viewerIdOf(user)));
  const viewer: TeamViewer = { user, role: viewerRole };
  return items.map((r) => presentMember({ ...r, id: r.id as string }, viewer));
}

/** DELETE /api/teams/{id}/members/{userId}: the leader any member; a co-leader non-leaders other than themself. */
export async function removeMember(
  db: Db,
  user: SessionUser,
  teamId: string,
  targetId: string,
): Promise<void> {
  const place = await placeIn(db, teamId, user, targetId);
  const viewer = viewerIn(place, user);
  if (!can(viewer, 'removeMembers')) throw noPermission();
  if (!place.target_role) throw notFound(TEAM_TEXTS.memberNotFound);
  if (place.target_role === 'leader') throw forbidden(TEAM_TEXTS.leaderImmutable);
  if (targetId === user.id) throw forbidden(TEAM_TEXTS.cannotRemoveSelf);
  if (!canRemoveMember(viewer, { userId: targetId, role: place.target_role })) throw noPermission();
  const gone = await rows<{ id: string }>(
    db,
    sql`DELETE FROM team_members WHERE team_id = ${teamId} AND user_id = ${targetId} AND role <> 'leader' RETURNING id`,
  );
  if (gone.length === 0) throw notFound(TEAM_TEXTS.memberNotFound);
}

/** PATCH /api/teams/{id}/members/{userId}/role: the leader switches member and co-leader. */
export async function changeRole(
  db: Db,
  user: SessionUser,
  teamId: string,
  targetId: string,
  role: 'member' | 'co-leader',
): Promise<TeamMember> {
  const place = await placeIn(db, teamId, user, targetId);
  const viewer = viewerIn(place, user);
  if (!can(viewer, 'changeRoles')) throw noPermission();
  if (!place.target_role) throw notFound(TEAM_TEXTS.memberNotFound);
  if (place.target_role === 'leader') throw forbidden(TEAM_TEXTS.leaderImmutable);
  const [row] = await rows<MemberRow>(
    db,
    sql`UPDATE team_members m SET role = ${role} FROM users u
      WHERE u.id = m.user_id AND m.team_id = ${teamId} AND m.user_id = ${targetId} AND m.role <> 'leader'
      RETURNING m.id, m.user_id, u.username, u.avatar, m.role, m.joined_at`,
  );
  if (!row) throw notFound(TEAM_TEXTS.memberNotFound);
  return presentMember({ ...row, id: row.id as string }, viewer);
}

/** POST /api/teams/{id}/leave: a member who is not the leader. */
export async function leaveTeam(db: Db, user: SessionUser, teamId: string): Promise<void> {
  const place = await placeIn(db, teamId, user);
  if (!place.viewer_role) throw notFound(TEAM_TEXTS.notMember);
  if (!can(viewerIn(place, user), 'leave')) throw forbidden(TEAM_TEXTS.leaderCannotLeave);
  const gone = await rows<{ id: string }>(
    db,
    sql`DELETE FROM team_members WHERE team_id = ${teamId} AND user_id = ${user.id} AND role <> 'leader' RETURNING id`,
  );
  if (gone.length === 0) throw notFound(TEAM_TEXTS.notMember);
}

/** Makes `userId` a member (if not one yet) and closes their other pending entry; answers the new count. */
async function join(tx: Db, teamId: string, userId: string, close: 'team_invites' | 'team_applications') {
  const added = await rows<{ id: string }>(
    tx,
    sql`INSERT INTO team_members (team_id, user_id) VALUES (${teamId}, ${userId})
      ON CONFLICT (team_id, user_id) DO NOTHING RETURNING id`,
  );
  await tx.execute(
    sql`UPDATE ${sql.identifier(close)} SET status = 'accepted'
      WHERE team_id = ${teamId} AND user_id = ${userId} AND status = 'pending'`,
  );
  if (added.length > 0) await awardBadges(tx, userId, 'team');
  const [count] = await rows<{ member_count: number | string }>(
    tx,
    sql`SELECT member_count FROM teams WHERE id = ${teamId}`,
  );
  return Number(count?.member_count ?? 0);
}

// ---------------------------------------------------------------------------------------------
// Applications
// ---------------------------------------------------------------------------------------------

interface ApplicationRow {
  viewer_role: TeamRole | null;
  id: string | null;
  team_id: string;
  user_id: string;
  username: string;
  avatar: string | null;
  message: string | null;
  status: TeamApplicationStatus;
  created_at: Dated;
}

/** GET /api/teams/{id}/applications: the pending ones, oldest first, for the leader and co-leaders. */
export async function listApplications(
  db: Db,
  user: SessionUser,
  teamId: string,
  opts: { limit: number; before?: string },
): Promise<TeamApplication[]> {
  const cursor = opts.before
    ? sql`AND (a.created_at, a.id) > (SELECT b.created_at, b.id FROM team_applications b WHERE b.id = ${opts.before})`
    : sql``;
  const { viewerRole, items } = await pageOf<ApplicationRow>(
    db,
    pageSql(
      teamId,
      user.id,
      sql`SELECT a.id, a.team_id, a.user_id, u.username, u.avatar, a.message, a.status, a.created_at
      FROM team_applications a JOIN users u ON u.id = a.user_id
      WHERE a.team_id = t.id AND a.status = 'pending' ${cursor}
      ORDER BY a.created_at, a.id
      LIMIT ${pageLimit(opts.limit)}`,
      sql`p.created_at, p.id`,
    ),
  );
  if (!can({ user, role: viewerRole }, 'respondApplications')) throw noPermission();
  return items.map((r) => ({
    id: r.id as string,
    teamId: r.team_id,
    userId: r.user_id,
    username: r.username,
    avatar: r.avatar,
    message: r.message,
    status: r.status,
    createdAt: iso(r.created_at),
  }));
}

/**
 * POST /api/teams/{id}/applications: a signed-in non-member applies to a recruiting team, once
 * while pending; after a refusal (or after leaving) the same row returns to pending.
 */
export async function applyToTeam(
  db: Db,
  user: SessionUser,
  teamId: string,
  message: string,
): Promise<ViewerApplication> {
  const place = await placeIn(db, teamId, user);
  if (place.viewer_role) throw conflict(TEAM_TEXTS.alreadyMember);
  if (!place.is_recruiting) throw forbidden(TEAM_TEXTS.notRecruiting);
  const [row] = await rows<{
    id: string;
    status: TeamApplicationStatus;
    message: string | null;
    created_at: Dated;
  }>(
    db,
    sql`INSERT INTO team_applications (team_id, user_id, message) VALUES (${teamId}, ${user.id}, ${message})
      ON CONFLICT (team_id, user_id) DO UPDATE
        SET status = 'pending', message = EXCLUDED.message, created_at = now()
        WHERE team_applications.status <> 'pending'
      RETURNING id, status, message, created_at`,
  );
  if (!row) throw conflict(TEAM_TEXTS.applicationExists);
  return { id: row.id, status: row.status, message: row.message, createdAt: iso(row.created_at) };
}

/**
 * POST /api/team-applications/{id}/respond: the leader or a co-leader accepts (the applicant
 * becomes a member and their pending invite closes, in one transaction) or rejects.
 */
export async function respondApplication(
  db: Db,
  user: SessionUser,
  applicationId: string,
  body: { teamId: string; accept: boolean },
): Promise<TeamResponseAnswer> {
  const [found] = await rows<{ user_id: string; status: string; viewer_role: TeamRole | null }>(
    db,
    sql`SELECT a.user_id, a.status, vm.role AS viewer_role
      FROM team_applications a
      LEFT JOIN team_members vm ON vm.team_id = a.team_id AND vm.user_id = ${user.id}
      WHERE a.id = ${applicationId} AND a.team_id = ${body.teamId}`,
  );
  if (!found) throw notFound(TEAM_TEXTS.applicationNotFound);
  if (!can({ user, role: found.viewer_role }, 'respondApplications')) throw noPermission();
  if (found.status !== 'pending') throw conflict(TEAM_TEXTS.applicationClosed);
  const status = body.accept ? 'accepted' : 'rejected';
  return db.transaction(async (tx) => {
    const closed = await rows<{ user_id: string }>(
      asDb(tx),
      sql`UPDATE team_applications SET status = ${status}
        WHERE id = ${applicationId} AND status = 'pending' RETURNING user_id`,
    );
    if (closed.length === 0) throw conflict(TEAM_TEXTS.applicationClosed);
    const memberCount = body.accept
      ? await join(asDb(tx), body.teamId, found.user_id, 'team_invites')
      : await countOf(asDb(tx), body.teamId);
    return { id: applicationId, teamId: body.teamId, status, memberCount };
  });
}

async function countOf(db: Db, teamId: string): Promise<number> {
  const [row] = await rows<{ member_count: number | string }>(
    db,
    sql`SELECT member_count FROM teams WHERE id = ${teamId}`,
  );
  return Number(row?.member_count ?? 0);
}

// ---------------------------------------------------------------------------------------------
// Invites
// ---------------------------------------------------------------------------------------------

interface InviteRow {
  viewer_role: TeamRole | null;
  id: string | null;
  team_id: string;
  user_id: string;
  username: string;
  avatar: string | null;
  status: TeamInvite['status'];
  inv_by_id: string | null;
  inv_by_username: string | null;
  created_at: Dated;
}

const presentInvite = (r: Omit<InviteRow, 'viewer_role'>): TeamInvite => ({
  id: r.id as string,
  teamId: r.team_id,
  userId: r.user_id,
  username: r.username,
  avatar: r.avatar,
  status: r.status,
  invitedBy: r.inv_by_id && r.inv_by_username ? { id: r.inv_by_id, username: r.inv_by_username } : null,
  createdAt: iso(r.created_at),
});

/** POST /api/teams/{id}/invites: the leader invites a user who is not a member (once while pending). */
export async function inviteToTeam(
  db: Db,
  user: SessionUser,
  teamId: string,
  targetId: string,
): Promise<TeamInvite> {
  const place = await placeIn(db, teamId, user, targetId);
  if (!can(viewerIn(place, user), 'invite')) throw noPermission();
  if (!place.target_exists) throw notFound(TEAM_TEXTS.userNotFound);
  if (place.target_role) throw conflict(TEAM_TEXTS.alreadyMember);
  const [row] = await rows<Omit<InviteRow, 'viewer_role' | 'inv_by_username'>>(
    db,
    sql`WITH i AS (
        INSERT INTO team_invites (team_id, user_id, invited_by) VALUES (${teamId}, ${targetId}, ${user.id})
        ON CONFLICT (team_id, user_id) DO UPDATE
          SET status = 'pending', invited_by = EXCLUDED.invited_by, created_at = now()
          WHERE team_invites.status <> 'pending'
        RETURNING id, team_id, user_id, status, invited_by, created_at)
      SELECT i.id, i.team_id, i.user_id, u.username, u.avatar, i.status, i.invited_by AS inv_by_id, i.created_at
      FROM i JOIN users u ON u.id = i.user_id`,
  );
  if (!row) throw conflict(TEAM_TEXTS.inviteExists);
  return presentInvite({ ...row, inv_by_username: user.username });
}

/** GET /api/teams/{id}/invites: the pending invites, newest first, for the leader and co-leaders (read-only for them). */
export async function listInvites(
  db: Db,
  user: SessionUser,
  teamId: string,
  opts: { limit: number; before?: string },
): Promise<TeamInvite[]> {
  const cursor = opts.before
    ? sql`AND (i.created_at, i.id) < (SELECT b.created_at, b.id FROM team_invites b WHERE b.id = ${opts.before})`
    : sql``;
  const { viewerRole, items } = await pageOf<InviteRow>(
    db,
    pageSql(
      teamId,
      user.id,
      sql`SELECT i.id, i.team_id, i.user_id, u.username, u.avatar, i.status, i.invited_by AS inv_by_id,
        ib.username AS inv_by_username, i.created_at
      FROM team_invites i JOIN users u ON u.id = i.user_id LEFT JOIN users ib ON ib.id = i.invited_by
      WHERE i.team_id = t.id AND i.status = 'pending' ${cursor}
      ORDER BY i.created_at DESC, i.id DESC
      LIMIT ${pageLimit(opts.limit)}`,
      sql`p.created_at DESC, p.id DESC`,
    ),
  );
  if (!can({ user, role: viewerRole }, 'manage')) throw noPermission();
  return items.map(presentInvite);
}

/** DELETE /api/teams/{id}/invites/{inviteId}: the leader revokes a pending invite. */
export async function revokeInvite(
  db: Db,
  user: SessionUser,
  teamId: string,
  inviteId: string,
): Promise<void> {
  const place = await placeIn(db, teamId, user);
  if (!can(viewerIn(place, user), 'invite')) throw noPermission();
  const gone = await rows<{ id: string }>(
    db,
    sql`DELETE FROM team_invites WHERE id = ${inviteId} AND team_id = ${teamId} AND status = 'pending' RETURNING id`,
  );
  if (gone.length === 0) throw notFound(TEAM_TEXTS.inviteNotFound);
}

/** GET /api/user/invites: the viewer's pending invites, newest first, with their teams. */
export async function listUserInvites(
  db: Db,
  user: SessionUser,
  opts: { limit: number; before?: string },
): Promise<UserInvite[]> {
  const cursor = opts.before
    ? sql`AND (i.created_at, i.id) < (SELECT b.created_at, b.id FROM team_invites b WHERE b.id = ${opts.before})`
    : sql``;
  const list = await rows<{
    id: string;
    created_at: Dated;
    inv_by_id: string | null;
    inv_by_username: string | null;
    team_id: string;
    name: string;
    tagline: string | null;
    logo: string | null;
    play_style: string | null;
    member_count: number | string;
  }>(
    db,
    sql`SELECT i.id, i.created_at, i.invited_by AS inv_by_id, ib.username AS inv_by_username,
        t.id AS team_id, t.name, t.tagline, t.logo, t.play_style, t.member_count
      FROM team_invites i JOIN teams t ON t.id = i.team_id LEFT JOIN users ib ON ib.id = i.invited_by
      WHERE i.user_id = ${user.id} AND i.status = 'pending' ${cursor}
      ORDER BY i.created_at DESC, i.id DESC
      LIMIT ${pageLimit(opts.limit)}`,
  );
  return list.map((r) => ({
    id: r.id,
    team: {
      id: r.team_id,
      name: r.name,
      tag: teamTag(r.name),
      tagline: r.tagline,
      logo: r.logo,
      playStyle: r.play_style as UserInvite['team']['playStyle'],
      memberCount: Number(r.member_count),
    },
    invitedBy: r.inv_by_id && r.inv_by_username ? { id: r.inv_by_id, username: r.inv_by_username } : null,
    createdAt: iso(r.created_at),
  }));
}

/**
 * POST /api/team-invites/{id}/respond: the invited user accepts (a member, and their pending
 * application closes, in one transaction) or declines. Someone else's invite is a 404.
 */
export async function respondInvite(
  db: Db,
  user: SessionUser,
  inviteId: string,
  accept: boolean,
): Promise<TeamResponseAnswer> {
  const status = accept ? 'accepted' : 'declined';
  return db.transaction(async (tx) => {
    const [found] = await rows<{ team_id: string; status: string }>(
      asDb(tx),
      sql`SELECT team_id, status FROM team_invites WHERE id = ${inviteId} AND user_id = ${user.id}`,
    );
    if (!found) throw notFound(TEAM_TEXTS.inviteNotFound);
    const closed = await rows<{ id: string }>(
      asDb(tx),
      sql`UPDATE team_invites SET status = ${status} WHERE id = ${inviteId} AND status = 'pending' RETURNING id`,
    );
    if (closed.length === 0) throw conflict(TEAM_TEXTS.inviteClosed);
    const memberCount = accept
      ? await join(asDb(tx), found.team_id, user.id, 'team_applications')
      : await countOf(asDb(tx), found.team_id);
    return { id: inviteId, teamId: found.team_id, status, memberCount };
  });
}

// ---------------------------------------------------------------------------------------------
// Gallery
// ---------------------------------------------------------------------------------------------

interface GalleryRow {
  viewer_role: TeamRole | null;
  id: string | null;
  team_id: string;
  image: string;
  caption: string | null;
  by_id: string | null;
  by_username: string | null;
  created_at: Dated;
}

const presentGalleryItem = (r: Omit<GalleryRow, 'viewer_role'>, viewer: TeamViewer): TeamGalleryItem => ({
  id: r.id as string,
  teamId: r.team_id,
  image: r.image,
  caption: r.caption,
  uploadedBy: r.by_id && r.by_username ? { id: r.by_id, username: r.by_username } : null,
  createdAt: iso(r.created_at),
  canDelete: can(viewer, 'deleteGalleryItem'),
});

/** GET /api/teams/{id}/gallery: newest first, for everyone. */
export async function listGallery(
  db: Db,
  teamId: string,
  opts: { limit: number; before?: string },
  user: SessionUser | null,
): Promise<TeamGalleryItem[]> {
  const cursor = opts.before
    ? sql`AND (g.created_at, g.id) < (SELECT b.created_at, b.id FROM team_gallery b WHERE b.id = ${opts.before})`
    : sql``;
  const { viewerRole, items } = await pageOf<GalleryRow>(
    db,
    pageSql(
      teamId,
      viewerIdOf(user),
      sql`SELECT g.id, g.team_id, g.image, g.caption, g.uploaded_by AS by_id, ub.username AS by_username, g.created_at
      FROM team_gallery g LEFT JOIN users ub ON ub.id = g.uploaded_by
      WHERE g.team_id = t.id ${cursor}
      ORDER BY g.created_at DESC, g.id DESC
      LIMIT ${pageLimit(opts.limit)}`,
      sql`p.created_at DESC, p.id DESC`,
    ),
  );
  const viewer: TeamViewer = { user, role: viewerRole };
  return items.map((r) => presentGalleryItem(r, viewer));
}

/** POST /api/teams/{id}/gallery: the leader adds an image (our upload path or an outside address). */
export async function addGalleryItem(
  db: Db,
  user: SessionUser,
  teamId: string,
  body: { imageUrl: string; caption: string | null },
  /** Refuses an address that is no reachable image (the image proxy's check), once allowed. */
  checkImage?: (address: string) => Promise<void>,
): Promise<TeamGalleryItem> {
  const place = await placeIn(db, teamId, user);
  const viewer = viewerIn(place, user);
  if (!can(viewer, 'editGallery')) throw noPermission();
  await checkImage?.(body.imageUrl);
  const [row] = await rows<Omit<GalleryRow, 'viewer_role' | 'by_username'>>(
    db,
    sql`INSERT INTO team_gallery (team_id, image, caption, uploaded_by)
      VALUES (${teamId}, ${body.imageUrl}, ${body.caption}, ${user.id})
      RETURNING id, team_id, image, caption, uploaded_by AS by_id, created_at`,
  );
  return presentGalleryItem({ ...row, by_username: user.username }, viewer);
}

/** DELETE /api/teams/{id}/gallery/{itemId}: the leader, or an admin. */
export async function deleteGalleryItem(
  db: Db,
  user: SessionUser,
  teamId: string,
  itemId: string,
): Promise<void> {
  const place = await placeIn(db, teamId, user);
  if (!can(viewerIn(place, user), 'deleteGalleryItem')) throw noPermission();
  const gone = await rows<{ id: string }>(
    db,
    sql`DELETE FROM team_gallery WHERE id = ${itemId} AND team_id = ${teamId} RETURNING id`,
  );
  if (gone.length === 0) throw notFound(TEAM_TEXTS.galleryItemNotFound);
}

// ---------------------------------------------------------------------------------------------
// A player's teams (profile cards)
// ---------------------------------------------------------------------------------------------

interface UserTeamRow {
  id: string;
  name: string;
  tagline: string | null;
  logo: string | null;
  play_style: string | null;
  role: string;
  joined_at: Dated;
  member_count: number | string;
}

/** The teams a user belongs to, most recently joined first; `before` is the last team's id. */
export async function listUserTeams(
  db: Db,
  opts: { userId: string; limit: number; before?: string },
): Promise<ProfileTeam[]> {
  const cursor = opts.before
    ? sql`AND (m.joined_at, m.id) < (SELECT b.joined_at, b.id FROM team_members b
          WHERE b.user_id = ${opts.userId} AND b.team_id = ${opts.before})`
    : sql``;
  const result = await rows<UserTeamRow>(
    db,
    sql`SELECT t.id, t.name, t.tagline, t.logo, t.play_style, m.role, m.joined_at, t.member_count
        FROM team_members m JOIN teams t ON t.id = m.team_id
        WHERE m.user_id = ${opts.userId} ${cursor}
        ORDER BY m.joined_at DESC, m.id DESC
        LIMIT ${opts.limit}`,
  );
  return result.map((r) => ({
    id: r.id,
    name: r.name,
    tag: teamTag(r.name),
    tagline: r.tagline,
    logo: r.logo,
    playStyle: r.play_style,
    role: r.role,
    memberCount: Number(r.member_count),
    joinedAt: iso(r.joined_at),
  }));
}
