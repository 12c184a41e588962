/** Issue 26: a game of a series is flagged to its organisers this long before its start unless confirmed. */
export const CONFIRM_BEFORE_MS = 7 * 24 * 60 * 60 * 1000;

/** The dedupe key of a game's 'event-unconfirmed' notification: once per organiser and game, ever. */
export const unconfirmedKey = (eventId: string) => `unconfirmed:${eventId}`;

/**
 * Whether a game waits for its organisers' confirmation: in a series, not confirmed, not
 * cancelled, and starting within CONFIRM_BEFORE_MS (not started yet).
 */
export function needsConfirmation(
  e: { seriesId: string | null; confirmedAt: Date | null; cancelledAt: Date | null; date: Date | string },
  now: number,
): boolean {
  if (!e.seriesId || e.confirmedAt || e.cancelledAt) return false;
  const start = new Date(e.date).getTime();
  return start > now && start - now <= CONFIRM_BEFORE_MS;
}
