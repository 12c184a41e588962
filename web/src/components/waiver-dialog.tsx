import type { Event } from '@contract/events';
import { GAME_DAY_TEXTS } from '@contract/game-day';
import { ageOn, isCalendarDay, WAIVER_LIMITS, type WaiverAnswers } from '@contract/waivers';
import { Markdown } from '@web/components/markdown';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { useId, useState } from 'react';

const T = GAME_DAY_TEXTS;

/**
 * The waiver an event requires (issue 25), shown before registering: its Markdown text (a region
 * that scrolls, reachable with Tab), the player's full name and date of birth, and a guardian's
 * name and phone when the player is under 18 on the event's day. `onSign` registers with the
 * answers (or, at the gate, queues the signature the organiser witnesses); the server checks them
 * again (minimum age, guardian) and its refusal comes as a toast.
 */
export function WaiverDialog({
  event,
  open,
  onOpenChange,
  onSign,
  pending,
  again = false,
  actionLabel,
  hint,
}: {
  event: Pick<Event, 'title' | 'date' | 'waiver'> & { full?: boolean };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSign: (answers: WaiverAnswers) => void;
  pending?: boolean;
  again?: boolean;
  /**
   * The submit button's text when signing does something else than registering (a squad's
   * confirmation; the gate: a signature witnessed by an organiser).
   */
  actionLabel?: string;
  /** The line under the title, instead of the registration's (the gate). */
  hint?: string;
}) {
  const id = useId();
  const [fullName, setFullName] = useState('');
  const [dateOfBirth, setDateOfBirth] = useState('');
  const [guardianName, setGuardianName] = useState('');
  const [guardianPhone, setGuardianPhone] = useState('');
  const day = event.date.slice(0, 10);
  const minor = isCalendarDay(dateOfBirth) && ageOn(dateOfBirth, day) < WAIVER_LIMITS.adultAge;
  const ready =
    fullName.trim().length >= 3 &&
    isCalendarDay(dateOfBirth) &&
    (!minor || (guardianName.trim().length > 0 && guardianPhone.trim().length >= 6));
  if (!event.waiver) return null;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    onSign({
      fullName: fullName.trim(),
      dateOfBirth,
      ...(minor ? { guardianName: guardianName.trim(), guardianPhone: guardianPhone.trim() } : {}),
    });
  };
  const action =
    actionLabel ?? (again ? T.signAgain : event.full ? T.signAndJoinWaitlist : T.signAndRegister);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[95dvh] w-[calc(100vw-1rem)] max-w-2xl overflow-y-auto sm:max-w-2xl">
        <DialogHeader className="text-left">
          <DialogTitle>{T.waiverTitle(event.title)}</DialogTitle>
          <DialogDescription>
            {hint ?? (again ? T.signAgainHint : T.waiverIntro)} {T.waiverVersion(event.waiver.version)}.
          </DialogDescription>
        </DialogHeader>
        <section
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls is reached with the keyboard.
          tabIndex={0}
          aria-label={T.waiver}
          className="max-h-[40dvh] overflow-y-auto rounded-md border bg-muted/30 p-3 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          data-testid="waiver-text"
        >
          <Markdown>{event.waiver.text}</Markdown>
        </section>
        <form onSubmit={submit} className="space-y-3" aria-label={T.waiver}>
          <div className="space-y-1">
            <Label htmlFor={`${id}-name`}>{T.fullName}</Label>
            <Input
              id={`${id}-name`}
              className="h-11"
              autoComplete="name"
              required
              maxLength={WAIVER_LIMITS.fullName}
              value={fullName}
              onChange={(e) => setFullName(e.target.value)}
            />
          </div>
          <div className="space-y-1">
            <Label htmlFor={`${id}-dob`}>{T.dateOfBirth}</Label>
            <Input
              id={`${id}-dob`}
              className="h-11"
              type="date"
              autoComplete="bday"
              required
              max={day}
              value={dateOfBirth}
              onChange={(e) => setDateOfBirth(e.target.value)}
            />
          </div>
          {minor ? (
            <fieldset className="space-y-3 rounded-md border p-3">
              <legend className="px-1 text-sm text-muted-foreground">{T.guardianIntro}</legend>
              <div className="space-y-1">
                <Label htmlFor={`${id}-gname`}>{T.guardianName}</Label>
                <Input
                  id={`${id}-gname`}
                  className="h-11"
                  required
                  maxLength={WAIVER_LIMITS.guardianName}
                  value={guardianName}
                  onChange={(e) => setGuardianName(e.target.value)}
                />
              </div>
              <div className="space-y-1">
                <Label htmlFor={`${id}-gphone`}>{T.guardianPhone}</Label>
                <Input
                  id={`${id}-gphone`}
                  className="h-11"
                  type="tel"
                  autoComplete="tel"
                  required
                  maxLength={WAIVER_LIMITS.guardianPhone}
                  value={guardianPhone}
                  onChange={(e) => setGuardianPhone(e.target.value)}
                />
              </div>
            </fieldset>
          ) : null}
          <DialogFooter className="gap-2 sm:gap-2">
            <Button type="button" variant="outline" className="h-11" onClick={() => onOpenChange(false)}>
              {T.cancelDialog}
            </Button>
            <Button type="submit" className="h-11" disabled={!ready || pending}>
              {action}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
