import type { AuditLogPage, ReportActionBody, ReportQueueItem, ReportStatus } from '@contract/reports';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { adminKeys } from './keys';

/** GET /api/admin/reports?status= → the queue, grouped by subject, most reported first. */
export const reportsQueryOptions = (status: ReportStatus) =>
  queryOptions({
    queryKey: adminKeys.reports(status),
    queryFn: ({ signal }) =>
      apiRequest<ReportQueueItem[]>('GET', `/api/admin/reports?status=${status}&limit=50`, undefined, {
        signal,
      }),
  });

export function useReports(status: ReportStatus) {
  return useQuery(reportsQueryOptions(status));
}

/** GET /api/admin/reports/count → {open}: the Reports tile's count. */
export function useOpenReportCount() {
  return useQuery({
    queryKey: adminKeys.reportCount(),
    queryFn: ({ signal }) =>
      apiRequest<{ open: number }>('GET', '/api/admin/reports/count', undefined, { signal }),
  });
}

/** POST /api/admin/reports/{id}/actions; the queue and the count are read again after. */
export function useReportAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ReportActionBody }) =>
      apiRequest<{ item: ReportQueueItem }>('POST', `/api/admin/reports/${id}/actions`, body),
    meta: { errorToast: { title: 'The action failed' } },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.reportsRoot() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.auditRoot() });
    },
  });
}

/** GET /api/admin/audit-log, newest first, a page at a time (keyset cursor), filtered by admin and action. */
export const auditLogQueryOptions = (filters: { adminId?: string; action?: string }, limit = 50) =>
  infiniteQueryOptions({
    queryKey: adminKeys.audit(filters.adminId ?? '', filters.action ?? ''),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(limit) });
      if (pageParam) params.set('before', pageParam);
      if (filters.adminId) params.set('adminId', filters.adminId);
      if (filters.action) params.set('action', filters.action);
      return apiRequest<AuditLogPage>('GET', `/api/admin/audit-log?${params}`, undefined, { signal });
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: AuditLogPage) => last.nextCursor ?? undefined,
  });

export function useAuditLog(filters: { adminId?: string; action?: string }, limit?: number) {
  return useInfiniteQuery(auditLogQueryOptions(filters, limit));
}
