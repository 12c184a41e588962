import type { AnalyticsRange } from '@contract/analytics';
import { queryRoots } from '@web/lib/query-keys';

/** The analytics feature's query keys. */
export const analyticsKeys = {
  all: () => queryRoots.analytics,
  /** GET /api/admin/analytics?range= (admins only). */
  report: (range: AnalyticsRange) => [...queryRoots.analytics, 'report', range] as const,
};
