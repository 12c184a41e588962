import type { AdminUser } from '@contract/admin';
import type { UserRole } from '@contract/auth';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';

export const adminUserKeys = {
  all: ['admin-users'] as const,
  admins: () => [...adminUserKeys.all, 'admins'] as const,
  search: (q: string) => [...adminUserKeys.all, 'search', q] as const,
};

/** GET /api/admin/users → the admins; with ?q= → up to 10 players whose name contains q. */
export function getAdminUsers(q?: string, signal?: AbortSignal): Promise<AdminUser[]> {
  const url = q ? `/api/admin/users?q=${encodeURIComponent(q)}` : '/api/admin/users';
  return apiRequest<AdminUser[]>('GET', url, undefined, { signal });
}

export const adminsQueryOptions = () =>
  queryOptions({
    queryKey: adminUserKeys.admins(),
    queryFn: ({ signal }) => getAdminUsers(undefined, signal),
  });

export function useAdmins() {
  return useQuery(adminsQueryOptions());
}

export function usePlayerSearch(q: string) {
  return useQuery({
    queryKey: adminUserKeys.search(q),
    queryFn: ({ signal }) => getAdminUsers(q, signal),
    enabled: q.length >= 2,
  });
}

/** PATCH /api/admin/users/{id}/role {role} → the player with the new role. */
export function setUserRole({ id, role }: { id: string; role: UserRole }): Promise<AdminUser> {
  return apiRequest<AdminUser>('PATCH', `/api/admin/users/${encodeURIComponent(id)}/role`, { role });
}

export function useSetUserRole(options: {
  onSuccess?: (user: AdminUser) => void;
  onError?: (error: Error) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserRole,
    onSuccess: (user) => {
      void queryClient.invalidateQueries({ queryKey: adminUserKeys.all });
      options.onSuccess?.(user);
    },
    onError: options.onError,
  });
}
