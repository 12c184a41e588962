import type { AppModule, Ctx } from '../../context';
import { searchable } from '../../lib/search';
import { analyticsAdminRoutes } from './admin-routes';
import { analyticsRoutes } from './routes';
import { recordSearch, VISIT_COOKIE } from './visits';

export { recordPostEvent } from './record';

/**
 * Analytics: page views and visits recorded; searches recorded by the areas that answer them;
 * the admin report (GET /api/admin/analytics).
 */
export const analyticsModule: AppModule = {
  name: 'analytics',
  routes: analyticsRoutes,
  adminRoutes: analyticsAdminRoutes,
};

/**
 * Runs a header search when the query is long enough (an empty list otherwise) and records it in
 * search_events (trimmed, lower-cased), for the admin analytics.
 */
export async function recordedSearch<T>(
  ctx: Ctx,
  request: { user: { id: string } | null; cookies: Record<string, string | undefined> },
  query: string | undefined,
  find: (q: string) => Promise<T[]>,
): Promise<T[]> {
  if (!searchable(query)) return [];
  const q = query.trim();
  const results = await find(q);
  await recordSearch(ctx.db, {
    visitId: request.cookies[VISIT_COOKIE],
    userId: request.user?.id ?? null,
    query: q.toLowerCase(),
    resultsCount: results.length,
  });
  return results;
}

/**
 * recordedSearch for an answer that is not one list (GET /api/search): `empty` under 2
 * characters, else the answer, recorded with `count(answer)` results.
 */
export async function recordedSearchOf<T>(
  ctx: Ctx,
  request: { user: { id: string } | null; cookies: Record<string, string | undefined> },
  query: string | undefined,
  empty: T,
  count: (answer: T) => number,
  find: (q: string) => Promise<T>,
): Promise<T> {
  if (!searchable(query)) return empty;
  const q = query.trim();
  const answer = await find(q);
  await recordSearch(ctx.db, {
    visitId: request.cookies[VISIT_COOKIE],
    userId: request.user?.id ?? null,
    query: q.toLowerCase(),
    resultsCount: count(answer),
  });
  return answer;
}
