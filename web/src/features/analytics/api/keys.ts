import type { AnalyticsRange } from '@contract/analytics';

/** The analytics feature's query keys. */
export const analyticsKeys = {
  all: () => ['analytics'] as const,
  /** GET /api/admin/analytics?range= (admins only). */
  report: (range: AnalyticsRange) => ['analytics', 'report', range] as const,
};
