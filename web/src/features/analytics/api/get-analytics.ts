import type { AnalyticsRange, AnalyticsReport } from '@contract/analytics';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { analyticsKeys } from './keys';

export const analyticsUrl = (range: AnalyticsRange) => `/api/admin/analytics?range=${range}`;

export const analyticsQueryOptions = (range: AnalyticsRange) =>
  queryOptions({
    queryKey: analyticsKeys.report(range),
    queryFn: ({ signal }) => apiRequest<AnalyticsReport>('GET', analyticsUrl(range), undefined, { signal }),
  });

/** The admin analytics report of a range; the previous range's figures stay while the next loads. */
export function useAnalytics(range: AnalyticsRange) {
  return useQuery({ ...analyticsQueryOptions(range), placeholderData: keepPreviousData });
}
