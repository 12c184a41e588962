import { EVENT_TEXTS } from '@contract/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { eventKeys, removeCachedEvent } from './keys';

/** DELETE /api/events/{id} (admin) → 204. */
export async function deleteEvent(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/events/${encodeURIComponent(id)}`);
}

/** Deletes an event: it leaves every cached list at once, then the lists refresh. */
export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEvent,
    meta: { errorToast: { title: EVENT_TEXTS.eventDeleteFailed } },
    onSuccess: (_answer, id) => {
      removeCachedEvent(queryClient, id);
      void queryClient.invalidateQueries({ queryKey: eventKeys.lists() });
    },
  });
}
