import type { Event } from '@contract/events';
import { placesLeft } from '@contract/events';
import { lazy, Suspense, useState } from 'react';
import { useSetRegistration } from '../api/set-registration';
import { RegistrationActions } from './registration-actions';

/** The waiver's dialog (issue 25) is a chunk of its own, fetched when an event that requires one is registered for. */
const WaiverDialog = lazy(() => import('./waiver-dialog').then((m) => ({ default: m.WaiverDialog })));

/**
 * The event page's registration (issue 25): an event that requires a waiver (GET /api/events/{id}
 * says so) registers through its dialog, with the answers; others as the cards do. Kept out of
 * RegistrationActions, which the first load carries (event cards).
 */
export function EventRegistrationActions({ event, className }: { event: Event; className?: string }) {
  const [signing, setSigning] = useState(false);
  const registration = useSetRegistration(event.id);
  return (
    <>
      <RegistrationActions
        event={event}
        className={className}
        register={event.waiver ? () => setSigning(true) : undefined}
      />
      {signing && event.waiver ? (
        <Suspense fallback={null}>
          <WaiverDialog
            event={{ ...event, full: placesLeft(event) === 0 }}
            open={signing}
            onOpenChange={setSigning}
            pending={registration.isPending}
            onSign={(waiver) => registration.mutate({ waiver }, { onSuccess: () => setSigning(false) })}
          />
        </Suspense>
      ) : null}
    </>
  );
}
