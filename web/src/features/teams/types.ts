/** The teams answers and bodies as contract/teams.ts defines them (one source for server and web). */
export {
  PLAY_STYLES,
  type PlayStyle,
  TEAM_ROLES,
  type Team,
  type TeamAbilities,
  type TeamApplication,
  type TeamCreateInput,
  type TeamGalleryItem,
  type TeamInvite,
  type TeamMember,
  type TeamRole,
  type UserInvite,
} from '@contract/teams';
