import type { Team, TeamAbilities, TeamMember } from './types';

export const teamId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const userId = (n: number) => `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`;

const NONE: TeamAbilities = {
  canManage: false,
  canEdit: false,
  canChangeRoles: false,
  canRemoveMembers: false,
  canRespondApplications: false,
  canInvite: false,
  canEditGallery: false,
  canApply: false,
  canLeave: false,
  canTransfer: false,
  canDisband: false,
  canReport: false,
};

/** What the server says an outsider may do with a recruiting team: apply. */
export const outsiderAbilities: TeamAbilities = { ...NONE, canApply: true, canReport: true };
/** A plain member: leave. */
export const memberAbilities: TeamAbilities = { ...NONE, canLeave: true };
/** The leader (SPEC §6): everything but leaving; transfer when a co-leader exists. */
export const leaderAbilities: TeamAbilities = {
  ...NONE,
  canManage: true,
  canEdit: true,
  canChangeRoles: true,
  canRemoveMembers: true,
  canRespondApplications: true,
  canInvite: true,
  canEditGallery: true,
  canTransfer: true,
  canDisband: true,
};
/** A co-leader: the manage page, roles read-only, removals and applications; may leave. */
export const coLeaderAbilities: TeamAbilities = {
  ...NONE,
  canManage: true,
  canRemoveMembers: true,
  canRespondApplications: true,
  canLeave: true,
};

/** A team of the answer's shape, seen by an outsider who may apply. */
export function aTeam(n: number, overrides: Partial<Team> = {}): Team {
  return {
    id: teamId(n),
    name: `Team ${n}`,
    tag: `T${n}`,
    tagline: `Tagline ${n}`,
    description: null,
    logo: null,
    banner: null,
    colorTheme: '#000000',
    playStyle: 'milsim',
    location: 'Calgary, AB',
    visibility: 'public',
    isRecruiting: true,
    memberCount: 3,
    createdBy: userId(1),
    createdAt: '2025-03-15T12:00:00.000Z',
    currentUserRole: null,
    currentUserIsMember: false,
    viewerApplication: null,
    viewerInvite: null,
    abilities: outsiderAbilities,
    ...overrides,
  };
}

export function aMember(
  n: number,
  role: TeamMember['role'],
  overrides: Partial<TeamMember> = {},
): TeamMember {
  return {
    id: `00000000-0000-4000-a000-${String(n).padStart(12, '0')}`,
    userId: userId(n),
    username: `player_${n}`,
    avatar: null,
    role,
    joinedAt: '2025-04-01T12:00:00.000Z',
    canRemove: false,
    canChangeRole: false,
    ...overrides,
  };
}
