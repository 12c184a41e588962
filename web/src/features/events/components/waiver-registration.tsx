import type { Event } from '@contract/events';
import { placesLeft } from '@contract/events';
import { GAME_DAY_TEXTS } from '@contract/game-day';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useSetRegistration } from '../api/set-registration';
import { RegisterPrivately } from './register-privately';
import { RegistrationActions } from './registration-actions';

/** The waiver's dialog (issue 25) is a chunk of its own, fetched when an event that requires one is registered for. */
const WaiverDialog = lazy(() =>
  import('@web/components/waiver-dialog').then((m) => ({ default: m.WaiverDialog })),
);

/** Where an event card's Register leads when the event requires a waiver (registration-actions.tsx). */
export const REGISTER_HASH = '#register';

/**
 * The event page's registration (issue 25): an event that requires a waiver (GET /api/events/{id}
 * says so) registers through its dialog, with the answers; others as the cards do. Kept out of
 * RegistrationActions, which the first load carries (event cards).
 */
export function EventRegistrationActions({ event, className }: { event: Event; className?: string }) {
  const [signing, setSigning] = useState(false);
  // Issue 26: registered privately (counted, not listed among who is going).
  const [privately, setPrivately] = useState(false);
  const registration = useSetRegistration(event.id);
  // A card's Register on an event that requires a waiver links here, `#register` (issue 25): the
  // dialog opens once; an event with sides shows its Sides card instead, where a side is chosen first.
  const arrived = useRef(false);
  useEffect(() => {
    if (arrived.current || !event.waiver || window.location.hash !== REGISTER_HASH) return;
    arrived.current = true;
    if (event.sides?.length) document.getElementById('sides')?.scrollIntoView?.({ block: 'start' });
    else if (event.canRegister) setSigning(true);
  }, [event.waiver, event.sides, event.canRegister]);
  return (
    <>
      <RegistrationActions
        event={event}
        className={className}
        register={
          event.waiver
            ? () => setSigning(true)
            : privately
              ? () => registration.mutate({ private: true })
              : undefined
        }
      />
      {event.canRegister && !event.sides?.length ? (
        <RegisterPrivately checked={privately} onChange={setPrivately} />
      ) : null}
      {signing && event.waiver ? (
        <Suspense fallback={null}>
          <WaiverDialog
            event={{ ...event, full: placesLeft(event) === 0 }}
            open={signing}
            onOpenChange={setSigning}
            pending={registration.isPending}
            onSign={(waiver) =>
              registration.mutate(privately ? { waiver, private: true } : { waiver }, {
                onSuccess: () => setSigning(false),
              })
            }
          />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * A player on the event whose signature is outdated (the waiver changed since) or missing (placed
 * by a squad, or registered before the event required one): a notice and "Sign the new waiver",
 * which sends the answers again (POST registration keeps their place and records the signature).
 */
export function SignWaiverAgain({ event }: { event: Event }) {
  const [signing, setSigning] = useState(false);
  const registration = useSetRegistration(event.id);
  const due =
    !event.isPast &&
    event.viewerStatus !== 'none' &&
    (event.viewerWaiver === 'outdated' || event.viewerWaiver === 'missing');
  if (!due || !event.waiver) return null;
  const missing = event.viewerWaiver === 'missing';
  return (
    <Card className="border-amber-500/60">
      <CardContent className="flex flex-wrap items-center gap-3 pt-6">
        <p className="min-w-0 flex-1 text-sm">
          {missing ? GAME_DAY_TEXTS.signMissingHint : GAME_DAY_TEXTS.signAgainHint}
        </p>
        <Button className="min-h-11" onClick={() => setSigning(true)}>
          {missing ? GAME_DAY_TEXTS.signMissing : GAME_DAY_TEXTS.signAgain}
        </Button>
      </CardContent>
      {signing ? (
        <Suspense fallback={null}>
          <WaiverDialog
            again
            event={event}
            open={signing}
            onOpenChange={setSigning}
            pending={registration.isPending}
            onSign={(waiver) => registration.mutate({ waiver }, { onSuccess: () => setSigning(false) })}
          />
        </Suspense>
      ) : null}
    </Card>
  );
}
