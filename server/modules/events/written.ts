import type { Db } from '../../db/types';
import { enqueueNotificationJob, type NotifyOptions, registerNotificationJob } from '../notifications';

/**
 * What other modules do after events are written (issue 26: saved searches told of new games),
 * without the events module importing them, and outside the organiser's request: the create,
 * edit, import and series writes queue one job ('events-written', with the ids and the writer) in
 * their own transaction (a rollback queues nothing), and the notifications' job runner runs the
 * listeners the other modules registered, in the job's transaction. A listener's failure puts the
 * job back for a later try (notifications/jobs.ts); the write stands.
 */
export type EventsWrittenListener = (
  tx: Db,
  eventIds: readonly string[],
  writerId: string | null,
  options: NotifyOptions,
) => Promise<unknown>;

export const EVENTS_WRITTEN_JOB = 'events-written';

const listeners = new Set<EventsWrittenListener>();

/** Registers `listener` (once, however many apps are built in the process). */
export function onEventsWritten(listener: EventsWrittenListener): void {
  listeners.add(listener);
}

registerNotificationJob(EVENTS_WRITTEN_JOB, async (tx, payload, options) => {
  const ids = payload.eventIds as string[];
  const writerId = (payload.writerId as string | null) ?? null;
  for (const listener of listeners) await listener(tx, ids, writerId, options);
});

/** Queues the listeners' run for `eventIds` in the write's transaction `tx` (nothing when empty). */
export async function eventsWritten(
  tx: Db,
  eventIds: readonly string[],
  writerId: string | null,
): Promise<void> {
  if (eventIds.length === 0) return;
  await enqueueNotificationJob(tx, EVENTS_WRITTEN_JOB, { eventIds: [...new Set(eventIds)], writerId });
}
