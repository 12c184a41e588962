import type { FeedPost } from '@contract/posts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import type { Team, TeamGalleryItem, TeamMember } from '../types';
import { teamKeys, teamPath } from './keys';

/** GET /api/teams/{id}: the team with the viewer's role, application, invite and abilities. */
export const teamQueryOptions = (id: string) =>
  queryOptions({
    queryKey: teamKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<Team>('GET', teamPath(id), undefined, { signal }),
  });

export function useTeam(id: string) {
  return useQuery({ ...teamQueryOptions(id), enabled: id !== '' });
}

/** GET /api/teams/{id}/members: leader first, then co-leaders, then members. */
export function useTeamMembers(id: string, enabled = true) {
  return useQuery({
    queryKey: teamKeys.members(id),
    queryFn: ({ signal }) => apiRequest<TeamMember[]>('GET', teamPath(id, 'members'), undefined, { signal }),
    enabled: enabled && id !== '',
  });
}

/** GET /api/teams/{id}/gallery. */
export function useTeamGallery(id: string, enabled = true) {
  return useQuery({
    queryKey: teamKeys.gallery(id),
    queryFn: ({ signal }) =>
      apiRequest<TeamGalleryItem[]>('GET', teamPath(id, 'gallery'), undefined, { signal }),
    enabled: enabled && id !== '',
  });
}

/** GET /api/teams/{id}/feed: the posts of the team's members, newest first, in the feed's shape. */
export function useTeamFeed(id: string, enabled = true) {
  return useQuery({
    queryKey: teamKeys.feed(id),
    queryFn: ({ signal }) => apiRequest<FeedPost[]>('GET', teamPath(id, 'feed'), undefined, { signal }),
    enabled: enabled && id !== '',
  });
}
