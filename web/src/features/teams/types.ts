import type { MediaMap } from '@contract/common';
import { PLAY_STYLES, TEAM_ROLES } from '@contract/constants';

/**
 * The teams answers as the pages read them (SPEC §3 Team, Team member, Team application, Team
 * gallery item), with the viewer's abilities the server sends so that no page re-derives §6.
 */
export { PLAY_STYLES, TEAM_ROLES };
export type PlayStyle = (typeof PLAY_STYLES)[number];
export type TeamRole = (typeof TEAM_ROLES)[number];

export interface Team {
  id: string;
  name: string;
  tag: string;
  tagline: string | null;
  description: string | null;
  logo: string | null;
  banner: string | null;
  colorTheme: string;
  playStyle: PlayStyle | null;
  location: string | null;
  isRecruiting: boolean;
  memberCount: number;
  createdAt: string;
  currentUserRole: TeamRole | null;
  currentUserIsMember: boolean;
  viewerApplication?: { id: string; status: string; createdAt: string } | null;
  viewerInvite?: { id: string; createdAt: string } | null;
  canApply?: boolean;
  canLeave?: boolean;
  canManage?: boolean;
  canEdit?: boolean;
  canChangeRoles?: boolean;
  canRespondToApplications?: boolean;
  canInvite?: boolean;
  canTransfer?: boolean;
  canDisband?: boolean;
  media?: MediaMap;
}

export interface TeamMember {
  userId: string;
  username: string;
  avatar: string | null;
  role: TeamRole;
  joinedAt: string;
  canRemove?: boolean;
  canChangeRole?: boolean;
  media?: MediaMap;
}

export interface TeamApplication {
  id: string;
  userId?: string;
  username: string;
  avatar: string | null;
  message: string;
  createdAt: string;
  media?: MediaMap;
}

export interface TeamInvite {
  id: string;
  userId: string;
  username: string;
  avatar: string | null;
  createdAt: string;
  media?: MediaMap;
}

export interface UserInvite {
  id: string;
  createdAt: string;
  team: { id: string; name: string; logo: string | null; tagline: string | null };
  invitedBy?: string | null;
  media?: MediaMap;
}

export interface TeamGalleryItem {
  id: string;
  image: string;
  caption: string | null;
  createdAt?: string;
  canDelete?: boolean;
  media?: MediaMap;
}

export interface TeamFormBody {
  name: string;
  tagline?: string | null;
  description?: string | null;
  location?: string | null;
  playStyle?: PlayStyle | null;
  isRecruiting?: boolean;
  logo?: string | null;
  banner?: string | null;
  colorTheme?: string;
}
