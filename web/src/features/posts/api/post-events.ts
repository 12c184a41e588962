import type { PostEventChoice } from '@contract/event-photos';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';

/** GET /api/user/post-events: the events the composer offers to tag a post with (issue 26). */
export const postEventsKey = ['/api/user/post-events'] as const;

export function usePostEvents(enabled = true) {
  return useQuery({
    queryKey: postEventsKey,
    enabled,
    staleTime: 60_000,
    queryFn: ({ signal }) =>
      apiRequest<PostEventChoice[]>('GET', '/api/user/post-events', undefined, { signal }),
  });
}
