import type { AdminUser } from '@contract/admin';
import { ADMIN_TEXTS } from '@contract/admin';
import type { UserRole } from '@contract/auth';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { adminKeys } from './keys';

/** GET /api/admin/users → the admins; with ?q= → up to 10 players whose name contains q. */
export function getAdminUsers(q?: string, signal?: AbortSignal): Promise<AdminUser[]> {
  const url = q ? `/api/admin/users?q=${encodeURIComponent(q)}` : '/api/admin/users';
  return apiRequest<AdminUser[]>('GET', url, undefined, { signal });
}

export const adminsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.admins(),
    queryFn: ({ signal }) => getAdminUsers(undefined, signal),
  });

export function useAdmins() {
  return useQuery(adminsQueryOptions());
}

export function usePlayerSearch(q: string) {
  return useQuery({
    queryKey: adminKeys.playerSearch(q),
    queryFn: ({ signal }) => getAdminUsers(q, signal),
    enabled: q.length >= 2,
  });
}

/** PATCH /api/admin/users/{id}/role {role} → the player with the new role. */
export function setUserRole({ id, role }: { id: string; role: UserRole }): Promise<AdminUser> {
  return apiRequest<AdminUser>('PATCH', `/api/admin/users/${encodeURIComponent(id)}/role`, { role });
}

export function useSetUserRole(options: { onSuccess?: (user: AdminUser) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserRole,
    onSuccess: (user) => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.users() });
      options.onSuccess?.(user);
    },
    meta: { errorToast: { title: ADMIN_TEXTS.grantFailed } },
  });
}
