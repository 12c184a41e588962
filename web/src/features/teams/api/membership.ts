import { TEAM_TEXTS } from '@contract/teams';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import type { TeamRole } from '../types';
import { refreshTeams } from './invalidate';
import { TEAM_MUTATION, teamKeys, teamPath } from './keys';

const T = TEAM_TEXTS;

/** POST /api/teams/{id}/applications {message}: applies (again, after a refusal). */
export function useApplyToTeam(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [TEAM_MUTATION, 'apply', id],
    mutationFn: (message: string) => apiRequest('POST', teamPath(id, 'applications'), { message }),
    meta: { errorToast: { title: T.applyFailed } },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.detail(id) }),
  });
}

/** POST /api/teams/{id}/leave: a member who is not the leader leaves. */
export function useLeaveTeam(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [TEAM_MUTATION, 'leave', id],
    mutationFn: () => apiRequest('POST', teamPath(id, 'leave')),
    meta: { errorToast: { title: T.leaveFailed } },
    onSuccess: () => refreshTeams(queryClient),
  });
}

/** POST /api/teams/{id}/transfer {userId}: the leader hands the team to a co-leader. */
export function useTransferLeadership(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [TEAM_MUTATION, 'transfer', id],
    mutationFn: (userId: string) => apiRequest('POST', teamPath(id, 'transfer'), { userId }),
    meta: { errorToast: { title: T.transferFailed } },
    onSuccess: () => refreshTeams(queryClient),
  });
}

/** DELETE /api/teams/{id}: the leader disbands the team. */
export function useDisbandTeam(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [TEAM_MUTATION, 'disband', id],
    mutationFn: () => apiRequest('DELETE', teamPath(id)),
    meta: { errorToast: { title: T.disbandFailed } },
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: teamKeys.detail(id) });
      return refreshTeams(queryClient);
    },
  });
}

/** DELETE /api/teams/{id}/members/{userId}. */
export function useRemoveMember(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [TEAM_MUTATION, 'remove-member', id],
    mutationFn: (userId: string) => apiRequest('DELETE', teamPath(id, 'members', userId)),
    meta: { errorToast: { title: T.removeFailed } },
    onSuccess: () => refreshTeams(queryClient),
  });
}

/** PATCH /api/teams/{id}/members/{userId}/role {role}: member ↔ co-leader, by the leader. */
export function useChangeRole(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [TEAM_MUTATION, 'role', id],
    mutationFn: ({ userId, role }: { userId: string; role: Exclude<TeamRole, 'leader'> }) =>
      apiRequest('PATCH', teamPath(id, 'members', userId, 'role'), { role }),
    meta: { errorToast: { title: T.roleChangeFailed } },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.detail(id) }),
  });
}
