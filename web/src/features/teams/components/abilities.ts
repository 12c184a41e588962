import type { Team } from '../types';

/** What the viewer may do with a team, as the server's answer says it (SPEC §6; DESIGN §5). */
export function teamAbilities(team: Team) {
  return {
    canApply: team.canApply ?? false,
    canLeave: team.canLeave ?? false,
    canManage: team.canManage ?? false,
    canEdit: team.canEdit ?? false,
    canChangeRoles: team.canChangeRoles ?? false,
    canRespondToApplications: team.canRespondToApplications ?? false,
    canInvite: team.canInvite ?? false,
    canTransfer: team.canTransfer ?? false,
    canDisband: team.canDisband ?? false,
  };
}
