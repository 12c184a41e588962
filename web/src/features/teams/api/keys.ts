import { queryRoots } from '@web/lib/query-keys';
import type { PlayStyle } from '../types';

/** What the directory asks GET /api/teams for. */
export interface TeamListParams {
  search?: string;
  playStyle?: PlayStyle;
  isRecruiting?: boolean;
}

/**
 * One key factory for every teams query. Every key starts with 'teams', so a change that touches
 * many (a membership, a disband) refreshes them with one invalidation of `teamKeys.all`.
 */
export const teamKeys = {
  all: queryRoots.teams,
  lists: () => [...teamKeys.all, 'list'] as const,
  list: (params: TeamListParams) =>
    [
      ...teamKeys.lists(),
      {
        search: params.search ?? '',
        playStyle: params.playStyle ?? null,
        isRecruiting: params.isRecruiting ?? null,
      },
    ] as const,
  details: () => [...teamKeys.all, 'detail'] as const,
  detail: (id: string) => [...teamKeys.details(), id] as const,
  members: (id: string) => [...teamKeys.detail(id), 'members'] as const,
  applications: (id: string) => [...teamKeys.detail(id), 'applications'] as const,
  invites: (id: string) => [...teamKeys.detail(id), 'invites'] as const,
  gallery: (id: string) => [...teamKeys.detail(id), 'gallery'] as const,
  feed: (id: string) => [...teamKeys.detail(id), 'feed'] as const,
  myInvites: () => [...teamKeys.all, 'my-invites'] as const,
  userSearch: (q: string) => [...teamKeys.all, 'user-search', q] as const,
};

/** The mutations of this feature carry this key's first part (the team page tells them from posts' own). */
export const TEAM_MUTATION = 'teams';

export const teamPath = (id: string, ...rest: string[]) =>
  ['/api/teams', encodeURIComponent(id), ...rest.map(encodeURIComponent)].join('/');
