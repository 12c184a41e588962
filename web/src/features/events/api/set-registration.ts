import { EVENT_SOCIAL_TEXTS } from '@contract/event-social';
import { type Event, placesLeft } from '@contract/events';
import type { RegistrationBody, RegistrationPrivacyBody } from '@contract/waivers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { cancelEventQueries, eventKeys, updateCachedEvent } from './keys';

/**
 * POST /api/events/{id}/registration registers the viewer (or puts them on the waitlist when the
 * event is full); DELETE cancels (the first on the waitlist is then promoted). Both answer the event.
 */
export function setRegistration(id: string, register: boolean, body?: RegistrationBody): Promise<Event> {
  return apiRequest<Event>(
    register ? 'POST' : 'DELETE',
    `/api/events/${encodeURIComponent(id)}/registration`,
    body,
  );
}

/** true registers, false cancels; a body registers with it (the waiver's answers, issue 25). */
export type RegistrationChange = boolean | RegistrationBody;
const registers = (change: RegistrationChange) => change !== false;

export const registrationMutationKey = (id: string) => ['event-registration', id] as const;

type RegistrationState = Pick<
  Event,
  'viewerStatus' | 'registeredCount' | 'waitlistCount' | 'waitlistPosition' | 'canRegister' | 'canCancel'
>;

const registrationState = (e: Event): RegistrationState => ({
  viewerStatus: e.viewerStatus,
  registeredCount: e.registeredCount,
  waitlistCount: e.waitlistCount,
  waitlistPosition: e.waitlistPosition,
  canRegister: e.canRegister,
  canCancel: e.canCancel,
});

/** What the card shows at once, before the server answers (the server's answer then settles it). */
export function expectedAfter(event: Event, register: boolean): Event {
  if (register) {
    const waitlisted = placesLeft(event) === 0;
    return {
      ...event,
      viewerStatus: waitlisted ? 'waitlisted' : 'registered',
      registeredCount: event.registeredCount + (waitlisted ? 0 : 1),
      waitlistCount: event.waitlistCount + (waitlisted ? 1 : 0),
      waitlistPosition: waitlisted ? event.waitlistCount + 1 : null,
      canRegister: false,
      canCancel: true,
    };
  }
  const wasRegistered = event.viewerStatus === 'registered';
  return {
    ...event,
    viewerStatus: 'none',
    registeredCount: Math.max(0, event.registeredCount - (wasRegistered ? 1 : 0)),
    waitlistCount: Math.max(0, event.waitlistCount - (wasRegistered ? 0 : 1)),
    waitlistPosition: null,
    canRegister: true,
    canCancel: false,
  };
}

/**
 * Register, join the waitlist or cancel, as the like button does (SPEC §4 Like): the card changes
 * at once in every cached copy of the event, is restored on failure, and takes the server's answer
 * on success. Clicks on one event run one after the other (a shared scope); only the last of a
 * burst writes the answer and refreshes the lists.
 */
export function useSetRegistration(id: string) {
  const queryClient = useQueryClient();
  const mutationKey = registrationMutationKey(id);
  return useMutation({
    mutationKey,
    scope: { id: `event-registration:${id}` },
    // The card is restored; the toast says why (a past event, a lost session).
    meta: { errorToast: { title: 'Registration failed' } },
    mutationFn: (change: RegistrationChange) =>
      setRegistration(id, registers(change), typeof change === 'object' ? change : undefined),
    onMutate: async (change) => {
      const register = registers(change);
      await cancelEventQueries(queryClient, id);
      let previous: RegistrationState | undefined;
      updateCachedEvent(queryClient, id, (event) => {
        previous ??= registrationState(event);
        return expectedAfter(event, register);
      });
      return { previous };
    },
    onError: (_error, _register, context) => {
      const previous = context?.previous;
      if (previous) updateCachedEvent(queryClient, id, (event) => ({ ...event, ...previous }));
    },
    onSuccess: (answer) => {
      if (queryClient.isMutating({ mutationKey }) > 1) return;
      updateCachedEvent(queryClient, id, (event) => ({
        ...answer,
        distance: event.distance,
        media: answer.media ?? event.media,
      }));
      void queryClient.invalidateQueries({ queryKey: eventKeys.lists() });
    },
  });
}

/**
 * PATCH /api/events/{id}/registration {private} (issue 26): the player's registration made private
 * or public again. The toggle moves at once in every cached copy of the event (restored on
 * failure) and takes the server's answer; Who's going refetches, its key holds `viewerPrivate`.
 * It queues behind a register or cancel of the same event (their scope).
 */
export function useSetRegistrationPrivacy(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    scope: { id: `event-registration:${id}` },
    meta: { errorToast: { title: EVENT_SOCIAL_TEXTS.privacyFailed } },
    mutationFn: (body: RegistrationPrivacyBody) =>
      apiRequest<Event>('PATCH', `/api/events/${encodeURIComponent(id)}/registration`, body),
    onMutate: async (body) => {
      await cancelEventQueries(queryClient, id);
      let previous: boolean | undefined;
      updateCachedEvent(queryClient, id, (event) => {
        previous ??= event.viewerPrivate;
        return { ...event, viewerPrivate: body.private };
      });
      return { previous };
    },
    onError: (_error, _body, context) =>
      updateCachedEvent(queryClient, id, (event) => ({ ...event, viewerPrivate: context?.previous })),
    onSuccess: (answer) =>
      updateCachedEvent(queryClient, id, (event) => ({
        ...answer,
        distance: event.distance,
        media: answer.media ?? event.media,
      })),
  });
}
