import { TEAM_TEXTS } from '@contract/teams';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import type { TeamApplication } from '../types';
import { refreshTeams } from './invalidate';
import { TEAM_MUTATION, teamKeys, teamPath } from './keys';

/** GET /api/teams/{id}/applications: the pending ones (leader and co-leaders). */
export function useTeamApplications(id: string, enabled = true) {
  return useQuery({
    queryKey: teamKeys.applications(id),
    queryFn: ({ signal }) =>
      apiRequest<TeamApplication[]>('GET', teamPath(id, 'applications'), undefined, { signal }),
    enabled: enabled && id !== '',
  });
}

/** POST /api/team-applications/{applicationId}/respond {teamId, accept}. */
export function useRespondToApplication(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [TEAM_MUTATION, 'respond-application', teamId],
    mutationFn: ({ applicationId, accept }: { applicationId: string; accept: boolean }) =>
      apiRequest('POST', `/api/team-applications/${encodeURIComponent(applicationId)}/respond`, {
        teamId,
        accept,
      }),
    meta: { errorToast: { title: TEAM_TEXTS.applicationRespondFailed } },
    onSuccess: () => refreshTeams(queryClient),
  });
}
