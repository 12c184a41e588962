import { EVENT_IMPORT_TEXTS } from '@contract/event-import';
import type { ImportEventsAnswer, ImportEventsBody } from '@contract/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { eventKeys } from './keys';

/** POST /api/events/import (admin): the preset site, a feed address or an .ics file's text. */
export function importEvents(body: ImportEventsBody): Promise<ImportEventsAnswer> {
  return apiRequest<ImportEventsAnswer>('POST', '/api/events/import', body);
}

/** Imports events; every events list then refreshes. */
export function useImportEvents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importEvents,
    meta: {
      errorToast: {
        title: EVENT_IMPORT_TEXTS.importFailed,
        fallback: EVENT_IMPORT_TEXTS.importFailedDefault,
      },
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: eventKeys.lists() }),
  });
}
