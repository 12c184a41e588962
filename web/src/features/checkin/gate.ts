import {
  CHECKIN_TEXTS,
  type CheckInBatchAnswer,
  type CheckInData,
  gateTime,
  normaliseTicketCode,
} from '@contract/checkin';
import { apiRequest } from '@web/lib/api';
import { deviceId, loadRoster, queuedScans, queueScan, removeScans, saveRoster } from './offline-store';

export type RosterPlayer = CheckInData['players'][number];

/** SHA-256 (hex) of a code's canonical form: how the offline roster knows tickets. */
export async function digestOf(code: string): Promise<string> {
  const bytes = new TextEncoder().encode(normaliseTicketCode(code));
  const hash = await crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(hash)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The roster from the server (kept on the device), or the device's copy when offline. */
export async function fetchRoster(eventId: string): Promise<{ data: CheckInData; offline: boolean }> {
  try {
    const data = await apiRequest<CheckInData>('GET', `/api/events/${eventId}/check-in-data`);
    // Scans still waiting stay applied on top of the server's copy.
    const merged = applyQueued(data, await queuedScans(eventId));
    await saveRoster(merged);
    return { data: merged, offline: false };
  } catch (error) {
    const kept = await loadRoster(eventId);
    if (kept && isNetworkError(error))
      return { data: applyQueued(kept, await queuedScans(eventId)), offline: true };
    throw error;
  }
}

/** A fetch that never reached the server (not an HTTP answer). */
export const isNetworkError = (error: unknown) => error instanceof TypeError;

function applyQueued(data: CheckInData, queue: { userId?: string; scannedAt: string; code?: string }[]) {
  return {
    ...data,
    players: data.players.map((p) => {
      const q = queue.find((s) => s.userId === p.userId);
      return q && !p.checkedInAt ? { ...p, checkedInAt: q.scannedAt } : p;
    }),
  };
}

export interface GateOutcome {
  player: RosterPlayer | null;
  message: string;
  tone: 'ok' | 'already' | 'error';
}

/**
 * A scan or typed code (or a roster pick): found in the device's roster by digest, marked at
 * once on the device and queued; the queue is sent by syncQueue. Unknown codes are queued too
 * (the device's roster may be older than the server's), and said unknown here.
 */
export async function checkInLocally(
  data: CheckInData,
  target: { code: string } | { userId: string },
): Promise<{ data: CheckInData; outcome: GateOutcome }> {
  const digest = 'code' in target ? await digestOf(target.code) : null;
  const player =
    data.players.find((p) => ('userId' in target ? p.userId === target.userId : p.codeDigest === digest)) ??
    null;
  const tz = data.event.timeZone;
  if (player?.checkedInAt)
    return {
      data,
      outcome: {
        player,
        tone: 'already',
        message: CHECKIN_TEXTS.alreadyCheckedIn(gateTime(player.checkedInAt, tz)),
      },
    };
  if (!player)
    return { data, outcome: { player: null, tone: 'error', message: CHECKIN_TEXTS.unknownTicket } };
  const scannedAt = new Date().toISOString();
  await queueScan({
    eventId: data.event.id,
    ...('code' in target ? { code: normaliseTicketCode(target.code) } : {}),
    userId: player.userId,
    scannedAt,
    deviceId: await deviceId(),
  });
  const updated = {
    ...data,
    players: data.players.map((p) => (p === player ? { ...p, checkedInAt: scannedAt } : p)),
  };
  await saveRoster(updated);
  return {
    data: updated,
    outcome: {
      player: { ...player, checkedInAt: scannedAt },
      tone: 'ok',
      message: CHECKIN_TEXTS.justCheckedIn(gateTime(scannedAt, tz)),
    },
  };
}

/** Sends the waiting scans (batch route); those answered are removed. Resolves to how many wait. */
export async function syncQueue(eventId: string): Promise<number> {
  const waiting = await queuedScans(eventId);
  if (waiting.length === 0) return 0;
  try {
    await apiRequest<CheckInBatchAnswer>('POST', `/api/events/${eventId}/check-ins/batch`, {
      scans: waiting.map((s) =>
        s.code
          ? { code: s.code, scannedAt: s.scannedAt, deviceId: s.deviceId }
          : { userId: s.userId, scannedAt: s.scannedAt, deviceId: s.deviceId },
      ),
    });
    await removeScans(waiting.flatMap((s) => (s.id === undefined ? [] : [s.id])));
    return 0;
  } catch {
    return waiting.length;
  }
}

export const waitingCount = async (eventId: string) => (await queuedScans(eventId)).length;
