import {
  NOTIFICATION_TEXTS,
  type NotificationPreferences,
  type PreferencesBody,
} from '@contract/notifications';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { NOTIFICATIONS_PATH, notificationKeys } from './keys';

const PATH = `${NOTIFICATIONS_PATH}/preferences`;

/** GET /api/notifications/preferences: a channel per kind, the digest, and whether mail is sent at all. */
export function getPreferences(signal?: AbortSignal): Promise<NotificationPreferences> {
  return apiRequest<NotificationPreferences>('GET', PATH, undefined, { signal });
}

/** PUT /api/notifications/preferences with the kinds changed and/or the digest → the preferences. */
export function updatePreferences(body: PreferencesBody): Promise<NotificationPreferences> {
  return apiRequest<NotificationPreferences>('PUT', PATH, body);
}

export const preferencesQueryOptions = queryOptions({
  queryKey: notificationKeys.preferences(),
  queryFn: ({ signal }) => getPreferences(signal),
});

export function usePreferences() {
  return useQuery(preferencesQueryOptions);
}

export function useUpdatePreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    meta: { errorToast: { title: NOTIFICATION_TEXTS.saveFailed } },
    onSuccess: (preferences) => client.setQueryData(notificationKeys.preferences(), preferences),
  });
}
