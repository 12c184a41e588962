import type { FastifyRequest } from 'fastify';
import type { Ctx } from '../../context';

/**
 * What other modules do after events are written (issue 26: saved searches told of new games),
 * without the events module importing them: they register here when their routes are set up, and
 * the create, edit and import routes call `eventsWritten` once the write committed. A listener's
 * failure is logged, never answered: the write stands.
 */
export type EventsWrittenListener = (
  eventIds: readonly string[],
  writerId: string | null,
) => Promise<unknown>;

const listeners = new WeakMap<Ctx, EventsWrittenListener[]>();

export function onEventsWritten(ctx: Ctx, listener: EventsWrittenListener): void {
  const list = listeners.get(ctx) ?? [];
  list.push(listener);
  listeners.set(ctx, list);
}

export async function eventsWritten(
  ctx: Ctx,
  request: FastifyRequest,
  eventIds: readonly string[],
  writerId: string | null,
): Promise<void> {
  if (eventIds.length === 0) return;
  for (const listener of listeners.get(ctx) ?? []) {
    try {
      await listener(eventIds, writerId);
    } catch (err) {
      request.log.error({ err }, 'events written: a listener failed');
    }
  }
}
