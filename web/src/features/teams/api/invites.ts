import { SEARCH_MIN_LENGTH } from '@contract/search';
import { TEAM_TEXTS } from '@contract/teams';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import type { TeamInvite, UserInvite } from '../types';
import { refreshTeams } from './invalidate';
import { TEAM_MUTATION, teamKeys, teamPath } from './keys';

const T = TEAM_TEXTS;

/** GET /api/user/invites: the viewer's pending invitations (none asked when signed out). */
export function useMyInvites(enabled: boolean) {
  return useQuery({
    queryKey: teamKeys.myInvites(),
    queryFn: ({ signal }) => apiRequest<UserInvite[]>('GET', '/api/user/invites', undefined, { signal }),
    enabled,
  });
}

/** POST /api/team-invites/{inviteId}/respond {accept}: accepting makes the viewer a member. */
export function useRespondToInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [TEAM_MUTATION, 'respond-invite'],
    mutationFn: ({ inviteId, accept }: { inviteId: string; accept: boolean }) =>
      apiRequest('POST', `/api/team-invites/${encodeURIComponent(inviteId)}/respond`, { accept }),
    meta: { errorToast: { title: T.inviteRespondFailed } },
    onSuccess: () => refreshTeams(queryClient),
  });
}

/** GET /api/teams/{id}/invites: the team's pending invitations (the manage tab). */
export function useTeamInvites(id: string, enabled = true) {
  return useQuery({
    queryKey: teamKeys.invites(id),
    queryFn: ({ signal }) => apiRequest<TeamInvite[]>('GET', teamPath(id, 'invites'), undefined, { signal }),
    enabled: enabled && id !== '',
  });
}

/** POST /api/teams/{id}/invites {userId}. */
export function useSendInvite(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [TEAM_MUTATION, 'invite', id],
    mutationFn: (userId: string) => apiRequest('POST', teamPath(id, 'invites'), { userId }),
    meta: { errorToast: { title: T.inviteFailed } },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.invites(id) }),
  });
}

/** DELETE /api/teams/{id}/invites/{inviteId}: revokes a pending invitation. */
export function useRevokeInvite(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [TEAM_MUTATION, 'revoke', id],
    mutationFn: (inviteId: string) => apiRequest('DELETE', teamPath(id, 'invites', inviteId)),
    meta: { errorToast: { title: T.revokeFailed } },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.invites(id) }),
  });
}

export interface FoundUser {
  id: string;
  username: string;
}

/** GET /api/users/search?q= (SPEC §7 Search), from 2 trimmed characters (SPEC §5 invite search). */
export function useUserSearch(query: string) {
  const q = query.trim();
  return useQuery({
    queryKey: teamKeys.userSearch(q),
    queryFn: ({ signal }) =>
      apiRequest<FoundUser[]>('GET', `/api/users/search?q=${encodeURIComponent(q)}`, undefined, { signal }),
    enabled: q.length >= SEARCH_MIN_LENGTH,
    staleTime: 30_000,
  });
}
