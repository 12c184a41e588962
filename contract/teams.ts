import { mediaMap, pageQuery, text, uuid } from './common';
import { z } from './messages';
import { imageRef } from './profiles';

/**
 * Teams (SPEC §2 /teams*, §3 teams, team_members, team_invites, team_applications, team_gallery
 * and the Team shape, §4, §5, §6, §7 Teams, §8, §9; issue 12): the answers with the viewer's
 * abilities, the request bodies and queries, the constants and the texts.
 *
 * Roles (SPEC §6, decided in server/modules/teams/policy.ts and sent as abilities): the leader
 * edits settings and gallery, switches members between member and co-leader, removes members,
 * answers applications, invites, transfers leadership to a co-leader and disbands the team.
 * A co-leader opens the manage page (roles read-only), removes non-leader members other than
 * themself and answers applications. An admin may disband a team and delete gallery items
 * (moderation) and nothing else. Everyone else: 403.
 */

/** SPEC §9. */
export const PLAY_STYLES = ['speedsoft', 'milsim', 'casual', 'competitive'] as const;
export type PlayStyle = (typeof PLAY_STYLES)[number];
export const PLAY_STYLE_LABELS: Record<PlayStyle, string> = {
  speedsoft: 'Speedsoft',
  milsim: 'Milsim',
  casual: 'Casual',
  competitive: 'Competitive',
};
export const playStyle = z.enum(PLAY_STYLES);

/** SPEC §9, highest first. */
export const TEAM_ROLES = ['leader', 'co-leader', 'member'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];
export const TEAM_ROLE_LABELS: Record<TeamRole, string> = {
  leader: 'Team Leader',
  'co-leader': 'Co-Leader',
  member: 'Member',
};
export const teamRole = z.enum(TEAM_ROLES);
/** The roles the leader switches members between (the leader's own role is never set this way). */
export const ASSIGNABLE_ROLES = ['co-leader', 'member'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

/** SPEC §4: invites and applications start pending; an application refused may be sent again. */
export const TEAM_APPLICATION_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export type TeamApplicationStatus = (typeof TEAM_APPLICATION_STATUSES)[number];
export const TEAM_INVITE_STATUSES = ['pending', 'accepted', 'declined'] as const;
export type TeamInviteStatus = (typeof TEAM_INVITE_STATUSES)[number];

/** SPEC §5, §9. */
export const TEAM_NAME_MIN = 3;
export const DEFAULT_TEAM_COLOR = '#000000';
/** SPEC §9: data defaults. The create form starts with isRecruiting false (SPEC §5), see TEAM_FORM_DEFAULTS. */
export const TEAM_DEFAULTS = {
  colorTheme: DEFAULT_TEAM_COLOR,
  visibility: 'public',
  isRecruiting: true,
} as const;
/** SPEC §9: the invite user search starts at 2 characters, debounced 300 ms. */
export const TEAM_INVITE_SEARCH_MIN = 2;
export const TEAM_INVITE_SEARCH_DEBOUNCE_MS = 300;
/** SPEC §7: the sentence an application carries when none is typed. */
export const DEFAULT_APPLICATION_MESSAGE = 'I would like to join your team.';

export const TEAM_LIMITS = {
  name: 60,
  tagline: 120,
  description: 2000,
  location: 100,
  message: 500,
  caption: 200,
  search: 100,
} as const;

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
export const HEX_COLOR_MESSAGE = 'Must be a colour like #1a2b3c';

/** The short tag on team cards: the initials of the name's words (up to 4), or its first letters. */
export function teamTag(name: string): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const tag = words.length > 1 ? words.map((w) => w[0]).join('') : (words[0] ?? name).slice(0, 3);
  return tag.slice(0, 4).toUpperCase();
}

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

/** The viewer's own application to a team, if any (pending, or rejected: they may apply again). */
export const viewerApplication = z.object({
  id: z.uuid(),
  status: z.enum(TEAM_APPLICATION_STATUSES),
  message: z.string().nullable(),
  createdAt: z.string(),
});
export type ViewerApplication = z.infer<typeof viewerApplication>;

/** The viewer's pending invite to a team, if any. */
export const viewerInvite = z.object({
  id: z.uuid(),
  invitedBy: z.object({ id: z.uuid(), username: z.string() }).nullable(),
  createdAt: z.string(),
});
export type ViewerInvite = z.infer<typeof viewerInvite>;

/** What the viewer may do with a team (policy.ts). */
export const teamAbilities = z.object({
  /** Leader, co-leader: opens /teams/{id}/manage (everyone else sees the permission text). */
  canManage: z.boolean(),
  /** Leader: edits settings (PATCH). */
  canEdit: z.boolean(),
  /** Leader: switches members between member and co-leader. */
  canChangeRoles: z.boolean(),
  /** Leader, co-leader: removes members (which ones: TeamMember.canRemove). */
  canRemoveMembers: z.boolean(),
  /** Leader, co-leader: lists and answers applications. */
  canRespondApplications: z.boolean(),
  /** Leader: invites users, lists and revokes pending invites. */
  canInvite: z.boolean(),
  /** Leader: adds gallery items (and deletes them; admins delete too: TeamGalleryItem.canDelete). */
  canEditGallery: z.boolean(),
  /** Signed in, not a member, team recruiting, no pending application (a rejected one may be re-sent). */
  canApply: z.boolean(),
  /** A member who is not the leader. */
  canLeave: z.boolean(),
  /** Leader, when the team has a co-leader to hand leadership to. */
  canTransfer: z.boolean(),
  /** Leader, admin. */
  canDisband: z.boolean(),
  /** Signed in, not suspended, not a member (reports/policy.ts canReport). */
  canReport: z.boolean(),
});
export type TeamAbilities = z.infer<typeof teamAbilities>;

/** SPEC §3 Team with the rest of the row, the viewer's place in it and abilities. */
export const team = z.object({
  id: z.uuid(),
  name: z.string(),
  /** teamTag(name). */
  tag: z.string(),
  tagline: z.string().nullable(),
  description: z.string().nullable(),
  logo: z.string().nullable(),
  banner: z.string().nullable(),
  colorTheme: z.string(),
  playStyle: playStyle.nullable(),
  location: z.string().nullable(),
  visibility: z.string(),
  isRecruiting: z.boolean(),
  memberCount: z.number().int(),
  createdBy: z.uuid().nullable(),
  /** Founded: the web shows its month and year. */
  createdAt: z.string(),
  /** The viewer's role, null when not a member or signed out. */
  currentUserRole: teamRole.nullable(),
  currentUserIsMember: z.boolean(),
  /** The viewer's application (pending or rejected); null when none, or when a member. */
  viewerApplication: viewerApplication.nullable(),
  /** The viewer's pending invite; null when none. */
  viewerInvite: viewerInvite.nullable(),
  abilities: teamAbilities,
  media: mediaMap.optional(),
});
export type Team = z.infer<typeof team>;

/** SPEC §3 Team member, with the viewer's abilities on that member. */
export const teamMember = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  username: z.string(),
  avatar: z.string().nullable(),
  role: teamRole,
  joinedAt: z.string(),
  /** Leader: any member but themself; co-leader: non-leader members other than themself. */
  canRemove: z.boolean(),
  /** Leader, on a member or co-leader (never the leader). */
  canChangeRole: z.boolean(),
  media: mediaMap.optional(),
});
export type TeamMember = z.infer<typeof teamMember>;

/** SPEC §3 Team application (the pending list of the manage page). */
export const teamApplication = z.object({
  id: z.uuid(),
  teamId: z.uuid(),
  userId: z.uuid(),
  username: z.string(),
  avatar: z.string().nullable(),
  message: z.string().nullable(),
  status: z.enum(TEAM_APPLICATION_STATUSES),
  createdAt: z.string(),
  media: mediaMap.optional(),
});
export type TeamApplication = z.infer<typeof teamApplication>;

/** A pending invite as the manage page's Invites tab lists it. */
export const teamInvite = z.object({
  id: z.uuid(),
  teamId: z.uuid(),
  userId: z.uuid(),
  username: z.string(),
  avatar: z.string().nullable(),
  status: z.enum(TEAM_INVITE_STATUSES),
  invitedBy: z.object({ id: z.uuid(), username: z.string() }).nullable(),
  createdAt: z.string(),
  media: mediaMap.optional(),
});
export type TeamInvite = z.infer<typeof teamInvite>;

/** GET /api/user/invites: the viewer's pending invites, with the team they are for. */
export const userInvite = z.object({
  id: z.uuid(),
  team: z.object({
    id: z.uuid(),
    name: z.string(),
    tag: z.string(),
    tagline: z.string().nullable(),
    logo: z.string().nullable(),
    playStyle: playStyle.nullable(),
    memberCount: z.number().int(),
  }),
  invitedBy: z.object({ id: z.uuid(), username: z.string() }).nullable(),
  createdAt: z.string(),
  media: mediaMap.optional(),
});
export type UserInvite = z.infer<typeof userInvite>;

/** SPEC §3 Team gallery item; the manage view shows `image` as a plain URL. */
export const teamGalleryItem = z.object({
  id: z.uuid(),
  teamId: z.uuid(),
  image: z.string(),
  caption: z.string().nullable(),
  uploadedBy: z.object({ id: z.uuid(), username: z.string() }).nullable(),
  createdAt: z.string(),
  /** Leader, admin. */
  canDelete: z.boolean(),
  /** Signed in, not suspended, not its uploader (reports/policy.ts canReport). */
  canReport: z.boolean(),
  media: mediaMap.optional(),
});
export type TeamGalleryItem = z.infer<typeof teamGalleryItem>;

/** POST /api/team-applications/{id}/respond and POST /api/team-invites/{id}/respond. */
export const teamResponseAnswer = z.object({
  id: z.uuid(),
  teamId: z.uuid(),
  status: z.enum(['accepted', 'rejected', 'declined']),
  /** The team's member count after the answer. */
  memberCount: z.number().int(),
});
export type TeamResponseAnswer = z.infer<typeof teamResponseAnswer>;

// ---------------------------------------------------------------------------------------------
// Queries and bodies
// ---------------------------------------------------------------------------------------------

const boolParam = z.enum(['true', 'false']).transform((v) => v === 'true');

/**
 * GET /api/teams: newest first; `search` matches name, tagline and location (pg_trgm, case
 * insensitive, from 1 character); `before` is the last team's id.
 */
export const teamsQuery = pageQuery.extend({
  search: text().trim().max(TEAM_LIMITS.search).optional(),
  playStyle: playStyle.optional(),
  isRecruiting: boolParam.optional(),
  before: uuid().optional(),
});
export type TeamsQuery = z.input<typeof teamsQuery>;

/** GET /api/teams/{id}/members: leader, co-leaders, then members, each by join date; `before` is the last member's userId. */
export const teamMembersQuery = pageQuery.extend({
  role: teamRole.optional(),
  before: uuid().optional(),
});
export type TeamMembersQuery = z.input<typeof teamMembersQuery>;

/** Lists paged by the last item's id (applications, invites, gallery, feed). */
export const teamPageQuery = pageQuery.extend({ before: uuid().optional() });
export type TeamPageQuery = z.input<typeof teamPageQuery>;

/** A text a form may leave empty: trimmed, '' kept as null. */
const optionalText = (max: number) =>
  text()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? null : v))
    .nullable();
/** '' (a select left on none) is null. */
const optionalPlayStyle = z.union([z.literal('').transform(() => null), playStyle]).nullable();
const optionalImage = z.union([z.literal('').transform(() => null), imageRef]).nullable();

const teamFields = {
  name: text().trim().min(TEAM_NAME_MIN, 'Name must be at least 3 characters').max(TEAM_LIMITS.name),
  tagline: optionalText(TEAM_LIMITS.tagline).optional(),
  description: optionalText(TEAM_LIMITS.description).optional(),
  location: optionalText(TEAM_LIMITS.location).optional(),
  playStyle: optionalPlayStyle.optional(),
  isRecruiting: z.boolean().optional(),
  logo: optionalImage.optional(),
  banner: optionalImage.optional(),
  colorTheme: z.string().regex(HEX_COLOR, HEX_COLOR_MESSAGE).optional(),
};

/** POST /api/teams: name required; isRecruiting true and colour #000000 when not sent (SPEC §9). */
export const teamCreateBody = z
  .object(teamFields)
  .strict()
  .transform((b) => ({
    name: b.name,
    tagline: b.tagline ?? null,
    description: b.description ?? null,
    location: b.location ?? null,
    playStyle: b.playStyle ?? null,
    isRecruiting: b.isRecruiting ?? TEAM_DEFAULTS.isRecruiting,
    logo: b.logo ?? null,
    banner: b.banner ?? null,
    colorTheme: b.colorTheme ?? TEAM_DEFAULTS.colorTheme,
  }));
export type TeamCreateInput = z.input<typeof teamCreateBody>;
export type TeamCreate = z.output<typeof teamCreateBody>;

/** The create and settings forms (react-hook-form + zodResolver): same rules; isRecruiting starts false (SPEC §5). */
export const teamForm = z.object({
  ...teamFields,
  isRecruiting: z.boolean(),
});
export type TeamFormInput = z.input<typeof teamForm>;
export const TEAM_FORM_DEFAULTS = {
  name: '',
  tagline: '',
  description: '',
  location: '',
  playStyle: '',
  isRecruiting: false,
  logo: '',
  banner: '',
  colorTheme: DEFAULT_TEAM_COLOR,
} as const;

/** PATCH /api/teams/{id}: the fields given change; at least one. */
export const teamPatchBody = z
  .object(teamFields)
  .partial()
  .strict()
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Nothing to change' });
export type TeamPatchInput = z.input<typeof teamPatchBody>;
export type TeamPatch = z.output<typeof teamPatchBody>;

/** PATCH /api/teams/{id}/members/{userId}/role. */
export const teamRoleBody = z.object({ role: z.enum(ASSIGNABLE_ROLES) }).strict();
export type TeamRoleBody = z.infer<typeof teamRoleBody>;

/** POST /api/teams/{id}/applications: an empty or missing message becomes DEFAULT_APPLICATION_MESSAGE. */
export const teamApplyBody = z
  .object({ message: optionalText(TEAM_LIMITS.message).optional() })
  .strict()
  .transform((b) => ({ message: b.message ?? DEFAULT_APPLICATION_MESSAGE }));
export type TeamApplyInput = z.input<typeof teamApplyBody>;

/** POST /api/team-applications/{applicationId}/respond (SPEC §7). */
export const teamApplicationRespondBody = z.object({ teamId: uuid(), accept: z.boolean() }).strict();
export type TeamApplicationRespondBody = z.infer<typeof teamApplicationRespondBody>;

/** POST /api/teams/{id}/invites. */
export const teamInviteBody = z.object({ userId: uuid() }).strict();
export type TeamInviteBody = z.infer<typeof teamInviteBody>;

/** POST /api/team-invites/{inviteId}/respond. */
export const teamInviteRespondBody = z.object({ accept: z.boolean() }).strict();
export type TeamInviteRespondBody = z.infer<typeof teamInviteRespondBody>;

/** POST /api/teams/{id}/gallery: our upload path or an outside http(s) address. */
export const teamGalleryBody = z
  .object({ imageUrl: imageRef, caption: optionalText(TEAM_LIMITS.caption).optional() })
  .strict()
  .transform((b) => ({ imageUrl: b.imageUrl, caption: b.caption ?? null }));
export type TeamGalleryInput = z.input<typeof teamGalleryBody>;

/** POST /api/teams/{id}/transfer: to a co-leader; the old leader becomes a co-leader. */
export const teamTransferBody = z.object({ userId: uuid() }).strict();
export type TeamTransferBody = z.infer<typeof teamTransferBody>;

// ---------------------------------------------------------------------------------------------
// Texts (SPEC §2, §5, §8 to the letter; the rest are ours)
// ---------------------------------------------------------------------------------------------

export const TEAM_TEXTS = {
  // SPEC §2 /teams
  heading: 'Teams',
  searchPlaceholder: 'Search by name, tagline or location...',
  searchLabel: 'Search teams',
  playStyleFilter: 'Play style',
  allPlayStyles: 'All play styles',
  recruitingFilter: 'Recruiting',
  recruitingOnly: 'Recruiting',
  allTeams: 'All teams',
  noTeams: 'No teams found',
  createTeam: 'Create Team',
  yourInvites: 'Team invites',
  accept: 'Accept',
  decline: 'Decline',
  invitedBy: 'Invited by',
  members: (n: number) => `${n} ${n === 1 ? 'member' : 'members'}`,
  member: 'member',
  membersCount: 'members',
  recruiting: 'Recruiting',
  loadMore: 'Load more',
  tryAgain: 'Try again',
  // SPEC §2 /teams/create, §5, §8
  createHeading: 'Create Team',
  creating: 'Creating...',
  nameTooShort: 'Name must be at least 3 characters',
  createFailed: 'Failed to create team',
  created: 'Team created',
  name: 'Name',
  tagline: 'Tagline',
  description: 'Description',
  location: 'Location',
  playStyle: 'Play style',
  isRecruiting: 'Recruiting new members',
  logo: 'Logo',
  banner: 'Banner',
  colorTheme: 'Team colour',
  // SPEC §2 /teams/{teamId}
  founded: (monthYear: string) => `Founded ${monthYear}`,
  feedTab: 'Feed',
  rosterTab: 'Roster',
  galleryTab: 'Gallery',
  achievementsTab: 'Achievements',
  achievementsSoon: 'Achievements coming soon',
  leaderSection: 'Team Leader',
  coLeadersSection: 'Co-Leaders',
  membersSection: 'Members',
  applyToJoin: 'Apply to Join',
  applying: 'Applying...',
  applicationMessage: 'Message',
  applicationPending: 'Your application is pending',
  applicationDeclined: 'Your application was declined',
  applied: 'Application sent',
  leaveTeam: 'Leave Team',
  leaveTitle: 'Leave this team?',
  leaveDescription: (team: string) => `You will no longer be a member of ${team}.`,
  left: 'You left the team',
  manageTeam: 'Manage Team',
  noFeed: 'No posts yet',
  noGallery: 'No images yet',
  noMembers: 'No members yet',
  teamNotFound: 'Team not found',
  // SPEC §8 fetch failures
  fetchTeamsFailed: 'Failed to fetch teams',
  fetchTeamFailed: 'Failed to fetch team',
  fetchMembersFailed: 'Failed to fetch members',
  fetchGalleryFailed: 'Failed to fetch gallery',
  fetchFeedFailed: 'Failed to fetch feed',
  fetchApplicationsFailed: 'Failed to fetch applications',
  // SPEC §2 /teams/{teamId}/manage, §8
  noPermissionTeam: "You don't have permission to manage this team",
  settingsTab: 'Settings',
  membersTab: 'Members',
  applicationsTab: 'Applications',
  invitesTab: 'Invites',
  manageGalleryTab: 'Gallery',
  save: 'Save Changes',
  saving: 'Saving...',
  updated: 'Team updated',
  updateFailed: 'Failed to update team',
  remove: 'Remove',
  removeMemberTitle: 'Remove this member?',
  memberRemoved: 'Member removed',
  makeCoLeader: 'Make Co-Leader',
  makeMember: 'Make Member',
  roleChanged: 'Role updated',
  noApplications: 'No pending applications',
  applicationAccepted: 'Application accepted',
  applicationRejected: 'Application rejected',
  reject: 'Reject',
  inviteSearchPlaceholder: 'Type at least 2 characters...',
  inviteSearchLabel: 'Search players',
  invite: 'Invite',
  inviteSent: 'Invitation sent',
  inviteFailed: 'Failed to send invitation',
  teamIdRequired: 'Team ID is required',
  pendingInvites: 'Pending invitations',
  noInvites: 'No pending invites',
  revoke: 'Revoke',
  inviteRevoked: 'Invite revoked',
  inviteAccepted: 'Invitation accepted',
  inviteDeclined: 'Invitation declined',
  imageUrl: 'Image URL',
  caption: 'Caption',
  addImage: 'Add Image',
  imageAdded: 'Image added',
  imageDeleted: 'Image deleted',
  deleteImage: 'Delete image',
  transfer: 'Transfer',
  transferTitle: 'Transfer leadership',
  transferred: 'Leadership transferred',
  disband: 'Disband Team',
  disbandTitle: 'Disband team',
  disbandDescription: 'The team, its roster, invites, applications and gallery are deleted for good.',
  disbanded: 'Team disbanded',
  cancel: 'Cancel',
  // Server messages
  nameTaken: 'Team name is already taken',
  alreadyMember: 'Already a member of this team',
  applicationExists: 'You have already applied to this team',
  notRecruiting: 'This team is not recruiting',
  applicationNotFound: 'Application not found',
  applicationClosed: 'This application has already been answered',
  inviteExists: 'This user already has a pending invite',
  inviteNotFound: 'Invite not found',
  inviteClosed: 'This invite has already been answered',
  teamChangedMeanwhile: 'The team changed meanwhile (the leadership was handed over): reload and try again',
  userNotFound: 'User not found',
  memberNotFound: 'Member not found',
  galleryItemNotFound: 'Image not found',
  leaderImmutable: 'The leader cannot be changed or removed',
  cannotRemoveSelf: 'Use Leave Team to leave the team',
  leaderCannotLeave: 'The leader cannot leave; hand leadership to a co-leader first',
  notMember: 'You are not a member of this team',
  transferToCoLeader: 'Leadership can only be handed to a co-leader',
  // The web pages' own labels, toasts and confirmations
  directoryTitle: 'Team Directory',
  directoryDescription: 'Find a squad that plays your way.',
  recruitingClosed: 'Not recruiting',
  loading: 'Loading...',
  invitedTo: 'You are invited to join',
  invitedToTeam: 'You are invited to join this team',
  inviteRespondFailed: 'Failed to respond to invitation',
  createDescription: 'Start a squad, then invite your players.',
  noPlayStyle: 'Not set',
  uploadLogo: 'Upload Logo',
  uploadBanner: 'Upload Banner',
  nameMinLength: TEAM_NAME_MIN,
  backToTeams: 'Back to Teams',
  noCoLeaders: 'No co-leaders yet',
  applyDescription: (team: string) => `Tell the leaders of ${team} about yourself.`,
  defaultApplication: DEFAULT_APPLICATION_MESSAGE,
  sendApplication: 'Send Application',
  sending: 'Sending...',
  applyFailed: 'Failed to send application',
  applyAgain: 'Apply again',
  leaveFailed: 'Failed to leave team',
  transferDescription: 'Hand the team to one of your co-leaders. You become a co-leader.',
  transferTo: 'New leader',
  transferNoCoLeaders: 'Promote a member to co-leader first.',
  transferConfirmTitle: 'Transfer leadership?',
  transferConfirm: (username: string) => `${username} becomes the team leader and you become a co-leader.`,
  transferFailed: 'Failed to transfer leadership',
  disbandFailed: 'Failed to disband team',
  role: 'Role',
  roleOf: (username: string) => `Role of ${username}`,
  roleLabels: TEAM_ROLE_LABELS as Record<string, string>,
  roleChangeFailed: 'Failed to change role',
  removeTitle: (username: string) => `Remove ${username}?`,
  removeDescription: 'They leave the roster at once and may apply again later.',
  removeFailed: 'Failed to remove member',
  applicationRespondFailed: 'Failed to respond to application',
  applicationDeclinedToast: 'Application declined',
  inviteSearchHint: 'Type at least 2 characters to search',
  noPlayers: 'No players found',
  playersFound: 'Players found',
  searchFailed: 'Search failed',
  noPendingInvites: 'No pending invitations',
  fetchInvitesFailed: 'Failed to fetch invitations',
  revokeFailed: 'Failed to revoke invitation',
  revoked: 'Invitation revoked',
  adding: 'Adding...',
  uploadGalleryImages: 'Upload Images',
  uploadGalleryTitle: 'Upload gallery images',
  imageUrlRequired: 'Enter an image URL',
  galleryAddFailed: 'Failed to add image',
  galleryDeleteFailed: 'Failed to delete image',
  deleteImageTitle: 'Delete this image?',
  deleteImageDescription: 'It leaves the team gallery.',
  delete: 'Delete',
  disbandConfirmTitle: 'Disband this team?',
} as const;
