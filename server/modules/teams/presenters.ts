import {
  type ProfileTeam,
  type Team,
  type TeamApplication,
  type TeamGalleryItem,
  type TeamInvite,
  type TeamMember,
  teamTag,
  type UserInvite,
  type ViewerApplication,
} from '../../../contract';
import { iso } from '../../db/rows';
import type { teamApplications } from '../../db/schema';
import type { SessionUser } from '../auth';
import { canReport } from '../reports';
import { can, canChangeRole, canRemoveMember, type TeamViewer, teamAbilities } from './policy';
import type { GalleryItem, InviteItem, MemberItem, TeamRow, UserInviteRow, UserTeamRow } from './queries';

/**
 * The teams module's presenters: the rows Drizzle infers from the schema (queries.ts) to the
 * contract's shapes, with the viewer's abilities (policy.ts).
 */

type ApplicationRow = Pick<typeof teamApplications.$inferSelect, 'id' | 'status' | 'message' | 'createdAt'>;

export const presentViewerApplication = (a: ApplicationRow): ViewerApplication => ({
  id: a.id,
  status: a.status,
  message: a.message,
  createdAt: iso(a.createdAt),
});

/** SPEC §3 Team with the viewer's place in it (none for an anonymous viewer's row) and abilities. */
export function presentTeam(row: TeamRow, user: SessionUser | null): Team {
  const { team } = row;
  const place = 'viewerRole' in row ? row : null;
  const role = place?.viewerRole ?? null;
  const viewer: TeamViewer = { user, role };
  const application = place?.application ? presentViewerApplication(place.application) : null;
  return {
    id: team.id,
    name: team.name,
    tag: teamTag(team.name),
    tagline: team.tagline,
    description: team.description,
    logo: team.logo,
    banner: team.banner,
    colorTheme: team.colorTheme,
    playStyle: team.playStyle,
    location: team.location,
    visibility: team.visibility,
    isRecruiting: team.isRecruiting,
    memberCount: team.memberCount,
    createdBy: team.createdBy,
    createdAt: iso(team.createdAt),
    currentUserRole: role,
    currentUserIsMember: role !== null,
    viewerApplication: application,
    viewerInvite: place?.invite
      ? { id: place.invite.id, invitedBy: place.inviter, createdAt: iso(place.invite.createdAt) }
      : null,
    abilities: teamAbilities(
      viewer,
      { isRecruiting: team.isRecruiting, hasCoLeader: place?.hasCoLeader ?? false },
      application?.status ?? null,
    ),
  };
}

export function presentMember(r: MemberItem, viewer: TeamViewer): TeamMember {
  return {
    id: r.id,
    userId: r.userId,
    username: r.username,
    avatar: r.avatar,
    role: r.role,
    joinedAt: iso(r.joinedAt),
    canRemove: canRemoveMember(viewer, { userId: r.userId, role: r.role }),
    canChangeRole: canChangeRole(viewer, { role: r.role }),
  };
}

export const presentApplication = (
  r: ApplicationRow & { teamId: string; userId: string; username: string; avatar: string | null },
): TeamApplication => ({
  id: r.id,
  teamId: r.teamId,
  userId: r.userId,
  username: r.username,
  avatar: r.avatar,
  message: r.message,
  status: r.status,
  createdAt: iso(r.createdAt),
});

export const presentInvite = (r: InviteItem): TeamInvite => ({
  id: r.id,
  teamId: r.teamId,
  userId: r.userId,
  username: r.username,
  avatar: r.avatar,
  status: r.status,
  invitedBy:
    r.invitedById && r.invitedByUsername ? { id: r.invitedById, username: r.invitedByUsername } : null,
  createdAt: iso(r.createdAt),
});

export const presentGalleryItem = (r: GalleryItem, viewer: TeamViewer): TeamGalleryItem => ({
  id: r.id,
  teamId: r.teamId,
  image: r.image,
  caption: r.caption,
  uploadedBy:
    r.uploadedById && r.uploadedByUsername ? { id: r.uploadedById, username: r.uploadedByUsername } : null,
  createdAt: iso(r.createdAt),
  canDelete: can(viewer, 'deleteGalleryItem'),
  canReport: canReport(viewer.user, { authorId: r.uploadedById }),
});

export const presentUserInvite = (r: UserInviteRow): UserInvite => ({
  id: r.id,
  team: { ...r.team, tag: teamTag(r.team.name) },
  invitedBy: r.inviter,
  createdAt: iso(r.createdAt),
});

export const presentUserTeam = (r: UserTeamRow): ProfileTeam => ({
  id: r.id,
  name: r.name,
  tag: teamTag(r.name),
  tagline: r.tagline,
  logo: r.logo,
  playStyle: r.playStyle,
  role: r.role,
  memberCount: r.memberCount,
  joinedAt: iso(r.joinedAt),
});
