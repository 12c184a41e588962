import { EVENT_SOCIAL_TEXTS } from '@contract/event-social';
import type { Event } from '@contract/events';
import { useSetRegistrationPrivacy } from '../api/set-registration';

/**
 * The player on the event (registered or waitlisted) makes their registration private (counted,
 * not listed among who is going, left out of their games record for others) or public again
 * (issue 26): PATCH /api/events/{id}/registration. Shown with their registration on the event page.
 */
export function RegistrationPrivacy({ event }: { event: Event }) {
  const privacy = useSetRegistrationPrivacy(event.id);
  if (event.viewerStatus === 'none' || event.viewerPrivate === undefined) return null;
  return (
    <label className="flex min-h-11 items-center gap-2 text-sm" data-testid="registration-privacy">
      <input
        type="checkbox"
        className="size-5 accent-primary"
        checked={event.viewerPrivate}
        disabled={privacy.isPending}
        onChange={(e) => privacy.mutate({ private: e.target.checked })}
      />
      {EVENT_SOCIAL_TEXTS.keepPrivate}
    </label>
  );
}
