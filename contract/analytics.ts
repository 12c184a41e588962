import { ANALYTICS_RANGES } from './constants';
import { z } from './messages';

/** The admin analytics report (SPEC §2 Admin analytics, §3 Analytics, §7, §8, §9; issue 11). */
export const ANALYTICS_TEXTS = {
  loadFailed: 'Failed to load analytics',
  totalSessions: 'Total Sessions',
  avgDuration: 'Avg. Duration',
  topSearches: 'Top Searches',
  topLocations: 'Top Locations',
  postActivity: 'Post Activity',
  topPages: 'Top Pages',
  daily: 'Daily Activity',
  none: 'No data yet.',
} as const;

export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const ANALYTICS_DEFAULT_RANGE: AnalyticsRange = '7d';
/** Days each range covers, today (UTC) included. */
export const ANALYTICS_RANGE_DAYS: Record<AnalyticsRange, number> = { '7d': 7, '30d': 30 };
/** How many rows each top list keeps. */
export const ANALYTICS_TOP = 10;

export const analyticsQuery = z.object({
  range: z.enum(ANALYTICS_RANGES).default(ANALYTICS_DEFAULT_RANGE),
});

const count = z.number().int().min(0);

export const analyticsDay = z.object({
  /** The UTC day, YYYY-MM-DD. */
  date: z.string(),
  sessions: count,
  pageViews: count,
  newPosts: count,
  registrations: count,
});
export type AnalyticsDay = z.infer<typeof analyticsDay>;

/** GET /api/admin/analytics: exact counts over the range's days (UTC), today included. */
export const analyticsReport = z.object({
  range: z.enum(ANALYTICS_RANGES),
  totalSessions: count,
  /** Average session length in whole seconds. */
  avgDuration: count,
  topSearches: z.array(z.object({ query: z.string(), count })),
  topLocations: z.array(z.object({ country: z.string(), count })),
  postActivity: z.array(z.object({ action: z.string(), count })),
  topPages: z.array(z.object({ path: z.string(), count })),
  /** One entry per day of the range, oldest first, zeros included. */
  daily: z.array(analyticsDay),
});
export type AnalyticsReport = z.infer<typeof analyticsReport>;
