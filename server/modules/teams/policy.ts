import type { TeamAbilities, TeamApplicationStatus, TeamRole } from '../../../contract';
import type { SessionUser } from '../auth';
import { canReport } from '../reports';

/**
 * Who may do what with a team (SPEC §4, §6; issue 12 "Rules"), in one place. Every write checks
 * it, and the answers carry the result for the viewer (Team.abilities, TeamMember.canRemove and
 * canChangeRole, TeamGalleryItem.canDelete), so that the web never re-derives a rule.
 *
 * - Leader: edits settings and gallery, switches members between member and co-leader, removes
 *   members, answers applications, invites (and revokes invites), hands leadership to a
 *   co-leader, disbands the team. Cannot be demoted or removed, not even by themself, and cannot
 *   leave while leader.
 * - Co-leader: opens the manage page (roles read-only, pending invites read-only), removes
 *   non-leader members other than themself, answers applications.
 * - Member: leaves. Signed-in non-member: applies when the team recruits (again after a refusal).
 * - Admin: disbands a team and deletes gallery items (moderation); no other team power.
 * - Everyone (signed out too): reads the directory, a team, its roster, gallery and feed.
 */
export interface TeamViewer {
  user: SessionUser | null;
  /** The viewer's role in the team, null when not a member. */
  role: TeamRole | null;
}

export type TeamAction =
  | 'manage' // open the manage page, list pending invites
  | 'edit' // PATCH settings
  | 'changeRoles'
  | 'removeMembers' // some members (see canRemoveMember)
  | 'respondApplications' // list and answer applications
  | 'invite' // invite, revoke an invite
  | 'editGallery' // add (and delete) gallery items
  | 'deleteGalleryItem'
  | 'transfer'
  | 'disband'
  | 'leave';

const isAdmin = (v: TeamViewer) => v.user?.role === 'admin';

export function can(v: TeamViewer, action: TeamAction): boolean {
  if (!v.user) return false;
  const leader = v.role === 'leader';
  const officer = leader || v.role === 'co-leader';
  switch (action) {
    case 'manage':
    case 'removeMembers':
    case 'respondApplications':
      return officer;
    case 'edit':
    case 'changeRoles':
    case 'invite':
    case 'editGallery':
    case 'transfer':
      return leader;
    case 'deleteGalleryItem':
    case 'disband':
      return leader || isAdmin(v);
    case 'leave':
      return v.role === 'co-leader' || v.role === 'member';
  }
}

/** Leader: any member but themself; co-leader: non-leader members other than themself. Never the leader. */
export function canRemoveMember(v: TeamViewer, target: { userId: string; role: TeamRole }): boolean {
  if (!v.user || target.role === 'leader' || target.userId === v.user.id) return false;
  return can(v, 'removeMembers');
}

/** The leader switches members and co-leaders (never the leader's own role). */
export function canChangeRole(v: TeamViewer, target: { role: TeamRole }): boolean {
  return target.role !== 'leader' && can(v, 'changeRoles');
}

/** Signed in, not a member, the team recruiting, and no application pending (a refused one may be sent again). */
export function canApply(
  v: TeamViewer,
  team: { isRecruiting: boolean },
  application: TeamApplicationStatus | null,
): boolean {
  return !!v.user && v.role === null && team.isRecruiting && application !== 'pending';
}

/** The viewer's abilities on a team (Team.abilities). */
export function teamAbilities(
  v: TeamViewer,
  team: { isRecruiting: boolean; hasCoLeader: boolean },
  application: TeamApplicationStatus | null,
): TeamAbilities {
  return {
    canManage: can(v, 'manage'),
    canEdit: can(v, 'edit'),
    canChangeRoles: can(v, 'changeRoles'),
    canRemoveMembers: can(v, 'removeMembers'),
    canRespondApplications: can(v, 'respondApplications'),
    canInvite: can(v, 'invite'),
    canEditGallery: can(v, 'editGallery'),
    canApply: canApply(v, team, application),
    canLeave: can(v, 'leave'),
    canTransfer: can(v, 'transfer') && team.hasCoLeader,
    canDisband: can(v, 'disband'),
    // Its members may not report their own team (the leader is its author).
    canReport: canReport(v.user, { authorId: null, viewerIsMember: v.role !== null }),
  };
}
