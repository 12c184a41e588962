import { and, eq, ne, sql } from 'drizzle-orm';
import {
  type ProfileTeam,
  TEAM_TEXTS,
  type Team,
  type TeamApplication,
  type TeamCreate,
  type TeamGalleryItem,
  type TeamInvite,
  type TeamMember,
  type TeamPatch,
  type TeamResponseAnswer,
  teamTag,
  type UserInvite,
  type ViewerApplication,
} from '../../../contract';
import type { Db } from '../../db/client';
import { teamApplications, teamGallery, teamInvites, teamMembers, teams, users } from '../../db/schema';
import { conflict, forbidden, notFound, uniqueViolation } from '../../errors';
import { audit } from '../audit';
import type { SessionUser } from '../auth';
import { awardBadges } from '../badges';
import { enqueueNotifyFor, excerptOf, type NotifyOptions, notify } from '../notifications';
import { can, canRemoveMember, type TeamViewer } from './policy';
import {
  presentApplication,
  presentGalleryItem,
  presentInvite,
  presentMember,
  presentTeam,
  presentUserInvite,
  presentUserTeam,
  presentViewerApplication,
} from './presenters';
import {
  type MembersOptions,
  memberCountOf,
  type PageOptions,
  type PlaceRow,
  selectApplicationPlace,
  selectApplications,
  selectGallery,
  selectInvites,
  selectManagers,
  selectMembers,
  selectOwnInvite,
  selectPlace,
  selectTeam,
  selectTeams,
  selectUserInvites,
  selectUserTeams,
  type TeamListOptions,
} from './queries';

export { type MembersOptions, type TeamListOptions, teamExists } from './queries';
export { teamTag };

/**
 * Teams (issue 12). The reads are in queries.ts (typed from the schema), the shapes the API
 * answers in presenters.ts; here, who may do what and the writes, each a fixed number of
 * statements. The member count is teams.member_count, kept exact by a trigger on team_members
 * (migration 0019).
 */

/** The viewer's id; null for an anonymous viewer, whose statements skip the viewer's joins. */
const viewerIdOf = (user: SessionUser | null) => user?.id ?? null;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
const asDb = (tx: Tx) => tx as unknown as Db;

/** A page of a roster: the team is missing when there is no row; an empty page is one row without an item. */
function pageOf<T>(list: { viewerRole: TeamViewer['role']; item: T | null }[]) {
  if (list.length === 0) throw notFound(TEAM_TEXTS.teamNotFound);
  const items: T[] = [];
  for (const r of list) if (r.item !== null) items.push(r.item);
  return { viewerRole: list[0].viewerRole, items };
}

// ---------------------------------------------------------------------------------------------
// Teams
// ---------------------------------------------------------------------------------------------

export async function listTeams(db: Db, opts: TeamListOptions, user: SessionUser | null): Promise<Team[]> {
  const list = await selectTeams(db, opts, viewerIdOf(user));
  return list.map((r) => presentTeam(r, user));
}

async function readTeam(db: Db, id: string, user: SessionUser | null): Promise<Team> {
  const row = await selectTeam(db, id, viewerIdOf(user));
  if (!row) throw notFound(TEAM_TEXTS.teamNotFound);
  return presentTeam(row, user);
}

export const getTeam = readTeam;

/** A name taken (case-insensitively, teams_name_lower_uq) is a 409, whoever wins the race. */
function nameConflict(err: unknown): never {
  const constraint = uniqueViolation(err);
  if (constraint !== null && /name/.test(constraint)) throw conflict(TEAM_TEXTS.nameTaken);
  throw err;
}

/** POST /api/teams: the creator is the leader (one transaction), then earns what founding a team earns. */
export async function createTeam(
  db: Db,
  user: SessionUser,
  body: TeamCreate,
  notice: NotifyOptions,
): Promise<Team> {
  return db.transaction(async (tx) => {
    const [team] = await tx
      .insert(teams)
      .values({ ...body, createdBy: user.id })
      .returning({ id: teams.id })
      .catch(nameConflict);
    await tx.insert(teamMembers).values({ teamId: team.id, userId: user.id, role: 'leader' });
    await awardBadges(asDb(tx), user.id, 'team', notice);
    return readTeam(asDb(tx), team.id, user);
  });
}

/** The team (404 when missing) and the viewer's role in it; with `target`, that user's role and name too. */
async function placeIn(db: Db, teamId: string, user: SessionUser, target?: string): Promise<PlaceRow> {
  const row = await selectPlace(db, teamId, user.id, target);
  if (!row) throw notFound(TEAM_TEXTS.teamNotFound);
  return row;
}

const viewerIn = (place: PlaceRow, user: SessionUser): TeamViewer => ({ user, role: place.viewerRole });
const noPermission = () => forbidden(TEAM_TEXTS.noPermissionTeam);

/** PATCH /api/teams/{id}: the leader; the fields given change. */
export async function updateTeam(db: Db, user: SessionUser, id: string, patch: TeamPatch): Promise<Team> {
  const place = await placeIn(db, id, user);
  if (!can(viewerIn(place, user), 'edit')) throw noPermission();
  const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  await db.update(teams).set(set).where(eq(teams.id, id)).catch(nameConflict);
  return readTeam(db, id, user);
}

/**
 * DELETE /api/teams/{id}: the leader (or an admin) disbands the team; its rows go with it. Its
 * members but the one disbanding are told ('team-disbanded', the team's name kept): collected
 * before the delete, in its transaction, and told by a queued job (a team may be large).
 */
export async function disbandTeam(
  db: Db,
  user: SessionUser,
  id: string,
  opts: { audited?: boolean } = {},
): Promise<void> {
  const place = await placeIn(db, id, user);
  if (!can(viewerIn(place, user), 'disband')) throw noPermission();
  await db.transaction(async (tx) => {
    // An admin who is not its leader disbanding a team is audited (issue 24), with the leader named.
    const byAdmin = !opts.audited && place.viewerRole !== 'leader';
    const [leader] = byAdmin
      ? await tx
          .select({ id: teamMembers.userId })
          .from(teamMembers)
          .where(and(eq(teamMembers.teamId, id), eq(teamMembers.role, 'leader')))
      : [];
    await enqueueNotifyFor(
      asDb(tx),
      { kind: 'team-disbanded', actorId: user.id, data: { title: place.name } },
      sql`SELECT ${teamMembers.userId} FROM ${teamMembers} WHERE ${teamMembers.teamId} = ${id} AND ${teamMembers.userId} <> ${user.id}`,
    );
    const [gone] = await tx
      .delete(teams)
      .where(eq(teams.id, id))
      .returning({ name: teams.name, members: teams.memberCount });
    if (gone && byAdmin)
      await audit(asDb(tx), {
        adminId: user.id,
        action: 'team.delete',
        subjectType: 'team',
        subjectId: id,
        targetUserId: leader?.id ?? null,
        data: { name: gone.name, members: gone.members },
      });
  });
}

/**
 * Holds the account of the player a write will tell (FOR KEY SHARE), before any other row the
 * write takes: an account deletion takes the account first and then cascades into its memberships,
 * applications and the team's counter, and the entry's row will name the account (decision 024).
 */
async function holdPlayer(tx: Db, userId: string) {
  await tx.execute(sql`SELECT 1 FROM ${users} WHERE ${users.id} = ${userId} FOR KEY SHARE`);
}

/**
 * The team row, locked (after any account: decision 024's order): a membership's joins, answers
 * and transfers of one team go one at a time, and each reads roles and statuses after it.
 */
async function lockTeam(tx: Db, teamId: string) {
  await tx.execute(sql`SELECT 1 FROM ${teams} WHERE ${teams.id} = ${teamId} FOR NO KEY UPDATE`);
}

/** Tells `recipientId` of what a leader did to them in the team (its name kept), in the caller's transaction. */
const tellMember = (
  tx: Db,
  notice: NotifyOptions,
  input: { recipientId: string; actorId: string; teamId: string; teamName: string },
  kind: 'team-role-changed' | 'team-removed' | 'team-invitation' | 'team-application-answered',
  data: { role?: string; accepted?: boolean } = {},
) =>
  notify(
    tx,
    {
      recipientIds: [input.recipientId],
      kind,
      actorId: input.actorId,
      teamId: input.teamId,
      data: { title: input.teamName, ...data },
    },
    notice,
  );

/** POST /api/teams/{id}/transfer: the leader hands leadership to a co-leader and becomes a co-leader. */
export async function transferTeam(
  db: Db,
  user: SessionUser,
  id: string,
  targetId: string,
  notice: NotifyOptions,
): Promise<Team> {
  return db.transaction(async (tx) => {
    await holdPlayer(asDb(tx), targetId);
    // The team row locked: two transfers (or a transfer and a role change) go one after the other.
    // The roles are read again after the lock, in a statement of their own (issue 24): the
    // locking statement's snapshot predates the transfer it waited for, and acting on it made a
    // second leader (a unique violation, 500). The one that lost the race answers 409.
    const before = await selectPlace(asDb(tx), id, user.id, targetId, true);
    const place = before && (await selectPlace(asDb(tx), id, user.id, targetId));
    if (!place) throw notFound(TEAM_TEXTS.teamNotFound);
    if (before?.viewerRole === 'leader' && place.viewerRole !== 'leader')
      throw conflict(TEAM_TEXTS.teamChangedMeanwhile);
    if (!can(viewerIn(place, user), 'transfer')) throw noPermission();
    if (!place.targetRole) throw notFound(TEAM_TEXTS.memberNotFound);
    if (place.targetRole !== 'co-leader') throw conflict(TEAM_TEXTS.transferToCoLeader);
    await tx
      .update(teamMembers)
      .set({ role: 'co-leader' })
      .where(and(eq(teamMembers.teamId, id), eq(teamMembers.userId, user.id)));
    await tx
      .update(teamMembers)
      .set({ role: 'leader' })
      .where(and(eq(teamMembers.teamId, id), eq(teamMembers.userId, targetId)));
    await tellMember(
      asDb(tx),
      notice,
      { recipientId: targetId, actorId: user.id, teamId: id, teamName: place.name },
      'team-role-changed',
      { role: 'leader' },
    );
    return readTeam(asDb(tx), id, user);
  });
}

// ---------------------------------------------------------------------------------------------
// Members
// ---------------------------------------------------------------------------------------------

export async function listMembers(
  db: Db,
  teamId: string,
  opts: MembersOptions,
  user: SessionUser | null,
): Promise<TeamMember[]> {
  const { viewerRole, items } = pageOf(await selectMembers(db, teamId, opts, viewerIdOf(user)));
  const viewer: TeamViewer = { user, role: viewerRole };
  return items.map((r) => presentMember(r, viewer));
}

/** The member `targetId` of the team, except its leader (a leader is never removed nor changed this way). */
const nonLeader = (teamId: string, targetId: string) =>
  and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, targetId), ne(teamMembers.role, 'leader'));

/** DELETE /api/teams/{id}/members/{userId}: the leader any member; a co-leader non-leaders other than themself. */
export async function removeMember(
  db: Db,
  user: SessionUser,
  teamId: string,
  targetId: string,
  notice: NotifyOptions,
): Promise<void> {
  const place = await placeIn(db, teamId, user, targetId);
  const viewer = viewerIn(place, user);
  if (!can(viewer, 'removeMembers')) throw noPermission();
  if (!place.targetRole) throw notFound(TEAM_TEXTS.memberNotFound);
  if (place.targetRole === 'leader') throw forbidden(TEAM_TEXTS.leaderImmutable);
  if (targetId === user.id) throw forbidden(TEAM_TEXTS.cannotRemoveSelf);
  if (!canRemoveMember(viewer, { userId: targetId, role: place.targetRole })) throw noPermission();
  await db.transaction(async (tx) => {
    await holdPlayer(asDb(tx), targetId);
    const gone = await tx
      .delete(teamMembers)
      .where(nonLeader(teamId, targetId))
      .returning({ id: teamMembers.id });
    if (gone.length === 0) throw notFound(TEAM_TEXTS.memberNotFound);
    await tellMember(
      asDb(tx),
      notice,
      { recipientId: targetId, actorId: user.id, teamId, teamName: place.name },
      'team-removed',
    );
  });
}

/** PATCH /api/teams/{id}/members/{userId}/role: the leader switches member and co-leader. */
export async function changeRole(
  db: Db,
  user: SessionUser,
  teamId: string,
  targetId: string,
  role: 'member' | 'co-leader',
  notice: NotifyOptions,
): Promise<TeamMember> {
  const place = await placeIn(db, teamId, user, targetId);
  const viewer = viewerIn(place, user);
  if (!can(viewer, 'changeRoles')) throw noPermission();
  if (!place.targetRole) throw notFound(TEAM_TEXTS.memberNotFound);
  if (place.targetRole === 'leader') throw forbidden(TEAM_TEXTS.leaderImmutable);
  const row = await db.transaction(async (tx) => {
    if (place.targetRole !== role) await holdPlayer(asDb(tx), targetId);
    const [updated] = await tx
      .update(teamMembers)
      .set({ role })
      .from(users)
      .where(and(eq(users.id, teamMembers.userId), nonLeader(teamId, targetId)))
      .returning({
        id: teamMembers.id,
        userId: teamMembers.userId,
        username: users.username,
        avatar: users.avatar,
        role: teamMembers.role,
        joinedAt: teamMembers.joinedAt,
      });
    if (!updated) throw notFound(TEAM_TEXTS.memberNotFound);
    // Told only of a real change (the same role again changes nothing).
    if (place.targetRole !== role)
      await tellMember(
        asDb(tx),
        notice,
        { recipientId: targetId, actorId: user.id, teamId, teamName: place.name },
        'team-role-changed',
        { role },
      );
    return updated;
  });
  return presentMember(row, viewer);
}

/** POST /api/teams/{id}/leave: a member who is not the leader. */
export async function leaveTeam(db: Db, user: SessionUser, teamId: string): Promise<void> {
  const place = await placeIn(db, teamId, user);
  if (!place.viewerRole) throw notFound(TEAM_TEXTS.notMember);
  if (!can(viewerIn(place, user), 'leave')) throw forbidden(TEAM_TEXTS.leaderCannotLeave);
  const gone = await db
    .delete(teamMembers)
    .where(nonLeader(teamId, user.id))
    .returning({ id: teamMembers.id });
  if (gone.length === 0) throw notFound(TEAM_TEXTS.notMember);
}

/** Makes `userId` a member (if not one yet) and closes their other pending entry; answers the new count. */
async function join(
  tx: Db,
  teamId: string,
  userId: string,
  close: 'team_invites' | 'team_applications',
  notice: NotifyOptions,
) {
  const added = await tx
    .insert(teamMembers)
    .values({ teamId, userId })
    .onConflictDoNothing({ target: [teamMembers.teamId, teamMembers.userId] })
    .returning({ id: teamMembers.id });
  const other = close === 'team_invites' ? teamInvites : teamApplications;
  await tx
    .update(other)
    .set({ status: 'accepted' })
    .where(and(eq(other.teamId, teamId), eq(other.userId, userId), eq(other.status, 'pending')));
  if (added.length > 0) await awardBadges(tx, userId, 'team', notice);
  return memberCountOf(tx, teamId);
}

// ---------------------------------------------------------------------------------------------
// Applications
// ---------------------------------------------------------------------------------------------

/** GET /api/teams/{id}/applications: the pending ones, oldest first, for the leader and co-leaders. */
export async function listApplications(
  db: Db,
  user: SessionUser,
  teamId: string,
  opts: PageOptions,
): Promise<TeamApplication[]> {
  const { viewerRole, items } = pageOf(await selectApplications(db, teamId, opts, user.id));
  if (!can({ user, role: viewerRole }, 'respondApplications')) throw noPermission();
  return items.map(presentApplication);
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
  notice: NotifyOptions,
): Promise<ViewerApplication> {
  const place = await placeIn(db, teamId, user);
  if (place.viewerRole) throw conflict(TEAM_TEXTS.alreadyMember);
  if (!place.isRecruiting) throw forbidden(TEAM_TEXTS.notRecruiting);
  return db.transaction(async (t) => {
    const tx = asDb(t);
    const row = await insertApplication(tx, user, teamId, message);
    if (!row) throw conflict(TEAM_TEXTS.applicationExists);
    // The leader and co-leaders, who answer it, are told (with the start of its message).
    const managers = await selectManagers(tx, teamId);
    await notify(
      tx,
      {
        recipientIds: managers.map((m) => m.id),
        kind: 'team-application',
        actorId: user.id,
        teamId,
        data: { title: place.name, ...(row.message ? { excerpt: excerptOf(row.message) } : {}) },
      },
      notice,
    );
    return presentViewerApplication(row);
  });
}

/** The application, pending again after a refusal; none while one is pending. */
async function insertApplication(db: Db, user: SessionUser, teamId: string, message: string) {
  const [row] = await db
    .insert(teamApplications)
    .values({ teamId, userId: user.id, message })
    .onConflictDoUpdate({
      target: [teamApplications.teamId, teamApplications.userId],
      set: { status: 'pending', message: sql`excluded.message`, createdAt: sql`now()` },
      setWhere: ne(teamApplications.status, 'pending'),
    })
    .returning({
      id: teamApplications.id,
      status: teamApplications.status,
      message: teamApplications.message,
      createdAt: teamApplications.createdAt,
    });
  return row;
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
  notice: NotifyOptions,
): Promise<TeamResponseAnswer> {
  const status = body.accept ? 'accepted' : 'rejected';
  return db.transaction(async (tx) => {
    // The applicant's account held first (they are told of the answer), then the team row, as the
    // invite's answer takes them (issue 24: application row then invite row here, invite row then
    // application row there, was a deadlock); the application is read again under the lock.
    // Statements after the lock read afresh: the update below finds the application answered
    // meanwhile (by the invite's answer) and answers 409.
    const found = await selectApplicationPlace(asDb(tx), applicationId, body.teamId, user.id);
    if (!found) throw notFound(TEAM_TEXTS.applicationNotFound);
    await lockTeam(asDb(tx), body.teamId);
    if (!can({ user, role: found.viewerRole }, 'respondApplications')) throw noPermission();
    if (found.status !== 'pending') throw conflict(TEAM_TEXTS.applicationClosed);
    const closed = await tx
      .update(teamApplications)
      .set({ status })
      .where(and(eq(teamApplications.id, applicationId), eq(teamApplications.status, 'pending')))
      .returning({ userId: teamApplications.userId });
    if (closed.length === 0) throw conflict(TEAM_TEXTS.applicationClosed);
    const memberCount = body.accept
      ? await join(asDb(tx), body.teamId, found.userId, 'team_invites', notice)
      : await memberCountOf(asDb(tx), body.teamId);
    await tellMember(
      asDb(tx),
      notice,
      { recipientId: found.userId, actorId: user.id, teamId: body.teamId, teamName: found.teamName },
      'team-application-answered',
      { accepted: body.accept },
    );
    return { id: applicationId, teamId: body.teamId, status, memberCount };
  });
}

// ---------------------------------------------------------------------------------------------
// Invites
// ---------------------------------------------------------------------------------------------

/** POST /api/teams/{id}/invites: the leader invites a user who is not a member (once while pending). */
export async function inviteToTeam(
  db: Db,
  user: SessionUser,
  teamId: string,
  targetId: string,
  notice: NotifyOptions,
): Promise<TeamInvite> {
  const place = await placeIn(db, teamId, user, targetId);
  if (!can(viewerIn(place, user), 'invite')) throw noPermission();
  const target = place.targetUser;
  if (!target) throw notFound(TEAM_TEXTS.userNotFound);
  if (place.targetRole) throw conflict(TEAM_TEXTS.alreadyMember);
  return db.transaction(async (t) => {
    const tx = asDb(t);
    const row = await insertInvite(tx, user, teamId, targetId);
    if (!row) throw conflict(TEAM_TEXTS.inviteExists);
    await tellMember(
      tx,
      notice,
      { recipientId: targetId, actorId: user.id, teamId, teamName: place.name },
      'team-invitation',
    );
    return presentInvite({
      ...row,
      ...target,
      invitedById: user.id,
      invitedByUsername: user.username,
    });
  });
}

/** The invite, pending again after a refusal; none while one is pending. */
async function insertInvite(db: Db, user: SessionUser, teamId: string, targetId: string) {
  const [row] = await db
    .insert(teamInvites)
    .values({ teamId, userId: targetId, invitedBy: user.id })
    .onConflictDoUpdate({
      target: [teamInvites.teamId, teamInvites.userId],
      set: { status: 'pending', invitedBy: sql`excluded.invited_by`, createdAt: sql`now()` },
      setWhere: ne(teamInvites.status, 'pending'),
    })
    .returning({
      id: teamInvites.id,
      teamId: teamInvites.teamId,
      userId: teamInvites.userId,
      status: teamInvites.status,
      createdAt: teamInvites.createdAt,
    });
  return row;
}

/** GET /api/teams/{id}/invites: the pending invites, newest first, for the leader and co-leaders (read-only for them). */
export async function listInvites(
  db: Db,
  user: SessionUser,
  teamId: string,
  opts: PageOptions,
): Promise<TeamInvite[]> {
  const { viewerRole, items } = pageOf(await selectInvites(db, teamId, opts, user.id));
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
  const gone = await db
    .delete(teamInvites)
    .where(
      and(eq(teamInvites.id, inviteId), eq(teamInvites.teamId, teamId), eq(teamInvites.status, 'pending')),
    )
    .returning({ id: teamInvites.id });
  if (gone.length === 0) throw notFound(TEAM_TEXTS.inviteNotFound);
}

/** GET /api/user/invites: the viewer's pending invites, newest first, with their teams. */
export async function listUserInvites(db: Db, user: SessionUser, opts: PageOptions): Promise<UserInvite[]> {
  const list = await selectUserInvites(db, user.id, opts);
  return list.map(presentUserInvite);
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
  notice: NotifyOptions,
): Promise<TeamResponseAnswer> {
  const status = accept ? 'accepted' : 'declined';
  return db.transaction(async (tx) => {
    // The invite's team row locked first, as an application's answer locks it (issue 24), then
    // the invite read after the lock (an answer that came first has closed it: 409).
    await tx.execute(
      sql`SELECT 1 FROM ${teams} WHERE ${teams.id} = (SELECT ${teamInvites.teamId} FROM ${teamInvites} WHERE ${teamInvites.id} = ${inviteId} AND ${teamInvites.userId} = ${user.id}) FOR NO KEY UPDATE`,
    );
    const found = await selectOwnInvite(asDb(tx), inviteId, user.id);
    if (!found) throw notFound(TEAM_TEXTS.inviteNotFound);
    if (found.status !== 'pending') throw conflict(TEAM_TEXTS.inviteClosed);
    const closed = await tx
      .update(teamInvites)
      .set({ status })
      .where(and(eq(teamInvites.id, inviteId), eq(teamInvites.status, 'pending')))
      .returning({ id: teamInvites.id });
    if (closed.length === 0) throw conflict(TEAM_TEXTS.inviteClosed);
    const memberCount = accept
      ? await join(asDb(tx), found.teamId, user.id, 'team_applications', notice)
      : await memberCountOf(asDb(tx), found.teamId);
    return { id: inviteId, teamId: found.teamId, status, memberCount };
  });
}

// ---------------------------------------------------------------------------------------------
// Gallery
// ---------------------------------------------------------------------------------------------

/** GET /api/teams/{id}/gallery: newest first, for everyone. */
export async function listGallery(
  db: Db,
  teamId: string,
  opts: PageOptions,
  user: SessionUser | null,
): Promise<TeamGalleryItem[]> {
  const { viewerRole, items } = pageOf(await selectGallery(db, teamId, opts, viewerIdOf(user)));
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
  const [row] = await db
    .insert(teamGallery)
    .values({ teamId, image: body.imageUrl, caption: body.caption, uploadedBy: user.id })
    .returning({
      id: teamGallery.id,
      teamId: teamGallery.teamId,
      image: teamGallery.image,
      caption: teamGallery.caption,
      createdAt: teamGallery.createdAt,
    });
  return presentGalleryItem({ ...row, uploadedById: user.id, uploadedByUsername: user.username }, viewer);
}

/** DELETE /api/teams/{id}/gallery/{itemId}: the leader, or an admin. */
export async function deleteGalleryItem(
  db: Db,
  user: SessionUser,
  teamId: string,
  itemId: string,
  opts: { audited?: boolean } = {},
): Promise<void> {
  const place = await placeIn(db, teamId, user);
  if (!can(viewerIn(place, user), 'deleteGalleryItem')) throw noPermission();
  await db.transaction(async (t) => {
    const tx = asDb(t);
    const [gone] = await tx
      .delete(teamGallery)
      .where(and(eq(teamGallery.id, itemId), eq(teamGallery.teamId, teamId)))
      .returning({ uploadedBy: teamGallery.uploadedBy, caption: teamGallery.caption });
    if (!gone) throw notFound(TEAM_TEXTS.galleryItemNotFound);
    // An admin who is not the team's leader deleting an image is audited (issue 24).
    if (!opts.audited && place.viewerRole !== 'leader')
      await audit(tx, {
        adminId: user.id,
        action: 'teamGalleryImage.delete',
        subjectType: 'teamGalleryImage',
        subjectId: itemId,
        targetUserId: gone.uploadedBy,
        data: { teamId, team: place.name, caption: excerptOf(gone.caption ?? '') },
      });
  });
}

// ---------------------------------------------------------------------------------------------
// A player's teams (profile cards)
// ---------------------------------------------------------------------------------------------

/** The teams a user belongs to, most recently joined first; `before` is the last team's id. */
export async function listUserTeams(
  db: Db,
  opts: { userId: string; limit: number; before?: string },
): Promise<ProfileTeam[]> {
  const list = await selectUserTeams(db, opts);
  return list.map(presentUserTeam);
}
