import type { TeamPatchInput } from '@contract/teams';
import { TEAM_TEXTS } from '@contract/teams';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest, errorText } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import type { Team, TeamCreateInput } from '../types';
import { refreshTeams } from './invalidate';
import { TEAM_MUTATION, teamKeys } from './keys';

/** POST /api/teams → 201 the team, the creator its leader; 409 when the name is taken. */
export function createTeam(body: TeamCreateInput): Promise<Team> {
  return apiRequest<Team>('POST', '/api/teams', body);
}

/** A taken name (409) is said on the name field by the form; any other failure is a toast. */
export function useCreateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [TEAM_MUTATION, 'create'],
    mutationFn: createTeam,
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) return;
      toast({ variant: 'destructive', title: TEAM_TEXTS.createFailed, description: errorText(error) });
    },
    onSuccess: (team) => {
      queryClient.setQueryData(teamKeys.detail(team.id), team);
      void refreshTeams(queryClient);
    },
  });
}

/** PATCH /api/teams/{id} (the leader) → the team as changed. */
export function useUpdateTeam(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [TEAM_MUTATION, 'update', id],
    mutationFn: (body: TeamPatchInput) =>
      apiRequest<Team>('PATCH', `/api/teams/${encodeURIComponent(id)}`, body),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) return;
      toast({ variant: 'destructive', title: TEAM_TEXTS.updateFailed, description: errorText(error) });
    },
    onSuccess: (team) => {
      queryClient.setQueryData(teamKeys.detail(id), team);
      void queryClient.invalidateQueries({ queryKey: teamKeys.lists() });
    },
  });
}
