import { PAGE_DEFAULT_LIMIT } from '@contract/common';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import type { Team } from '../types';
import { type TeamListParams, teamKeys } from './keys';

export const TEAMS_PAGE_SIZE = PAGE_DEFAULT_LIMIT;

/** GET /api/teams: `search` (name, tagline, location), `playStyle`, `isRecruiting`, `limit`, `before`. */
export function getTeams(params: TeamListParams, before?: string, signal?: AbortSignal): Promise<Team[]> {
  const search = new URLSearchParams();
  const term = params.search?.trim();
  if (term) search.set('search', term);
  if (params.playStyle) search.set('playStyle', params.playStyle);
  if (params.isRecruiting !== undefined) search.set('isRecruiting', String(params.isRecruiting));
  search.set('limit', String(TEAMS_PAGE_SIZE));
  if (before) search.set('before', before);
  return apiRequest<Team[]>('GET', `/api/teams?${search}`, undefined, { signal });
}

/** The directory: pages of 20 teams; the next one after the last team shown (keyset cursor). */
export const teamPagesQueryOptions = (params: TeamListParams) =>
  infiniteQueryOptions({
    queryKey: teamKeys.list(params),
    queryFn: ({ pageParam, signal }) => getTeams(params, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: Team[]) =>
      last.length < TEAMS_PAGE_SIZE ? undefined : last[last.length - 1]?.id,
  });

/** The previous teams stay on screen while another search or filter loads. */
export function useTeamPages(params: TeamListParams) {
  return useInfiniteQuery({ ...teamPagesQueryOptions(params), placeholderData: keepPreviousData });
}
