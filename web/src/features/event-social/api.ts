import type {
  AttendeesAnswer,
  EventComment,
  EventCommentBody,
  EventCommentsAnswer,
  UpdateEventCommentBody,
} from '@contract/event-social';
import type { Event } from '@contract/events';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';

/** What of the event the attendees answer depends on. */
export type AttendeesOf = Pick<Event, 'id' | 'registeredCount' | 'viewerStatus' | 'viewerPrivate'>;

/** Who's going and the discussion (issue 26): the owner's keys. */
export const eventSocialKeys = {
  /**
   * The event's registration count, the viewer's status and their privacy are in the key: a
   * registration, or a change of privacy (issue 26), refetches it.
   */
  attendees: (event: AttendeesOf) =>
    ['event-attendees', event.id, event.registeredCount, event.viewerStatus, event.viewerPrivate] as const,
  comments: (eventId: string) => ['event-comments', eventId] as const,
};

const base = (eventId: string) => `/api/events/${encodeURIComponent(eventId)}`;

export function useAttendees(event: AttendeesOf, limit = 12) {
  return useQuery({
    queryKey: eventSocialKeys.attendees(event),
    queryFn: ({ signal }) =>
      apiRequest<AttendeesAnswer>('GET', `${base(event.id)}/attendees?limit=${limit}`, undefined, { signal }),
  });
}

export function useEventComments(eventId: string) {
  return useQuery({
    queryKey: eventSocialKeys.comments(eventId),
    queryFn: ({ signal }) =>
      apiRequest<EventCommentsAnswer>('GET', `${base(eventId)}/comments?limit=100`, undefined, { signal }),
  });
}

function useDiscussionWrite<V, R>(eventId: string, title: string, write: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: { title } },
    mutationFn: write,
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventSocialKeys.comments(eventId) }),
  });
}

export const useAddEventComment = (eventId: string, title: string) =>
  useDiscussionWrite(eventId, title, (body: EventCommentBody) =>
    apiRequest<EventComment>('POST', `${base(eventId)}/comments`, body),
  );

export const useUpdateEventComment = (eventId: string, title: string) =>
  useDiscussionWrite(
    eventId,
    title,
    ({ commentId, ...body }: UpdateEventCommentBody & { commentId: string }) =>
      apiRequest<EventComment>('PATCH', `${base(eventId)}/comments/${encodeURIComponent(commentId)}`, body),
  );

export const useDeleteEventComment = (eventId: string, title: string) =>
  useDiscussionWrite(eventId, title, (commentId: string) =>
    apiRequest<unknown>('DELETE', `${base(eventId)}/comments/${encodeURIComponent(commentId)}`),
  );
