import {
  CHECKIN_TEXTS,
  CHRONO_BATCH_MAX,
  type CheckInBatchAnswer,
  type CheckInData,
  type ChronoBatchAnswer,
  type ChronoResult,
  type GateWaiverAnswer,
  gateTime,
  judgeReading,
  normaliseTicketCode,
  offlineChronoReading,
} from '@contract/checkin';
import type { ReplicaClass } from '@contract/garage';
import type { WaiverAnswers } from '@contract/waivers';
import { ApiError, apiRequest, errorText } from '@web/lib/api';
import {
  deviceId,
  loadRoster,
  type QueuedReading,
  type QueuedSignature,
  queuedReadings,
  queuedScans,
  queuedSignatures,
  queueReading,
  queueScan,
  queueSignature,
  removeReadings,
  removeScans,
  removeSignature,
  saveRoster,
} from './offline-store';

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
    // Scans, readings and signatures still waiting stay applied on top of the server's copy.
    const merged = await applyAllQueued(data);
    await saveRoster(merged);
    return { data: merged, offline: false };
  } catch (error) {
    const kept = await loadRoster(eventId);
    if (kept && isNetworkError(error)) return { data: await applyAllQueued(kept), offline: true };
    throw error;
  }
}

async function applyAllQueued(data: CheckInData): Promise<CheckInData> {
  const eventId = data.event.id;
  const scanned = applyQueued(data, await queuedScans(eventId));
  const readings = await queuedReadings(eventId);
  const signed = new Set((await queuedSignatures(eventId)).map((s) => s.userId));
  return {
    ...scanned,
    players: scanned.players.map((p) => {
      const mine = readings.filter((r) => r.userId === p.userId);
      const known = new Set(p.chrono.map((c) => c.measuredAt));
      const chrono = [
        ...p.chrono,
        ...mine.filter((r) => !known.has(r.measuredAt)).map((r) => asResult(data, r)),
      ];
      return { ...p, chrono, waiver: signed.has(p.userId) ? ('signed' as const) : p.waiver };
    }),
  };
}

/** A reading waiting on the device as the roster shows it (judged by the contract's verdict). */
function asResult(data: CheckInData, r: QueuedReading): ChronoResult {
  const verdict = judgeReading(data.chronoLimits, r);
  return {
    replicaClass: r.replicaClass,
    fps: r.fps ?? null,
    bbWeightGrams: verdict.bbWeightGrams,
    joules: verdict.joules,
    limitJoules: verdict.limitJoules,
    pass: verdict.pass,
    measuredAt: r.measuredAt,
    measuredBy: null,
  };
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

// ---------------------------------------------------------------------------------------------
// Chrono at the gate, with or without network

export interface ReadingInput {
  replicaClass: ReplicaClass;
  fps?: number;
  bbWeightGrams?: number;
  joules?: number;
}

/**
 * A chrono reading: judged at once on the device against the event's limits (the contract's
 * verdict, as the server judges it again), added to the player's chrono on the device's roster
 * and queued for the batch route. An invalid reading is refused here, queued never.
 */
export async function recordChronoLocally(
  data: CheckInData,
  userId: string,
  input: ReadingInput,
): Promise<
  { ok: true; data: CheckInData; result: ChronoResult } | { ok: false; message: string; data: CheckInData }
> {
  if (!data.chronoLimits) return { ok: false, message: CHECKIN_TEXTS.limitsMissing, data };
  const reading = offlineChronoReading.safeParse({
    userId,
    ...input,
    measuredAt: new Date().toISOString(),
    deviceId: await deviceId(),
  });
  if (!reading.success) return { ok: false, message: CHECKIN_TEXTS.invalidReading, data };
  const queued: QueuedReading = { ...reading.data, userId, eventId: data.event.id };
  await queueReading(queued);
  const result = asResult(data, queued);
  const updated = {
    ...data,
    players: data.players.map((p) => (p.userId === userId ? { ...p, chrono: [...p.chrono, result] } : p)),
  };
  await saveRoster(updated);
  return { ok: true, data: updated, result };
}

/**
 * Sends the waiting readings (batches of CHRONO_BATCH_MAX); those answered are removed, even
 * when answered 'unknown' or 'refused' (counted in `refused`), so a bad one never blocks the queue.
 */
export async function syncReadings(eventId: string): Promise<{ waiting: number; refused: number }> {
  const waiting = await queuedReadings(eventId);
  let refused = 0;
  for (let i = 0; i < waiting.length; i += CHRONO_BATCH_MAX) {
    const chunk = waiting.slice(i, i + CHRONO_BATCH_MAX);
    try {
      const answer = await apiRequest<ChronoBatchAnswer>('POST', `/api/events/${eventId}/chrono/batch`, {
        readings: chunk.map(({ id: _id, eventId: _event, ...r }) => r),
      });
      refused += answer.results.filter((r) => r.status === 'unknown' || r.status === 'refused').length;
      await removeReadings(chunk.flatMap((r) => (r.id === undefined ? [] : [r.id])));
    } catch {
      return { waiting: waiting.length - i, refused };
    }
  }
  return { waiting: 0, refused };
}

// ---------------------------------------------------------------------------------------------
// The waiver signed at the gate

/**
 * A player signs the waiver the device holds on the organiser's phone: queued with that text's
 * version and marked signed on the device's roster; sent by syncSignatures.
 */
export async function signWaiverLocally(
  data: CheckInData,
  userId: string,
  answers: WaiverAnswers,
): Promise<{ data: CheckInData; player: CheckInData['players'][number] | null }> {
  const player = data.players.find((p) => p.userId === userId);
  if (!player || !data.waiver) return { data, player: null };
  await queueSignature({
    eventId: data.event.id,
    userId,
    username: player.username,
    version: data.waiver.version,
    answers,
    before: player.waiver,
  });
  const signed = { ...player, waiver: 'signed' as const };
  const updated = { ...data, players: data.players.map((p) => (p.userId === userId ? signed : p)) };
  await saveRoster(updated);
  return { data: updated, player: signed };
}

/**
 * Sends the waiting signatures one by one. Accepted: removed. Refused by the server (400, 404,
 * 409: the text changed, the answers do not hold): removed too, the player shown as needing to
 * sign again on the device, and a message says why. No network: kept.
 */
export async function syncSignatures(eventId: string): Promise<{ waiting: number; problems: string[] }> {
  const waiting = await queuedSignatures(eventId);
  const problems: string[] = [];
  const refused: QueuedSignature[] = [];
  let left = 0;
  for (const s of waiting) {
    try {
      await apiRequest<GateWaiverAnswer>('POST', `/api/events/${eventId}/roster/${s.userId}/waiver`, {
        version: s.version,
        ...s.answers,
      });
      if (s.id !== undefined) await removeSignature(s.id);
    } catch (error) {
      if (error instanceof ApiError && [400, 404, 409].includes(error.status)) {
        if (s.id !== undefined) await removeSignature(s.id);
        refused.push(s);
        problems.push(CHECKIN_TEXTS.signatureRefused(s.username, errorText(error)));
      } else left += 1;
    }
  }
  if (refused.length > 0) {
    const kept = await loadRoster(eventId);
    if (kept)
      await saveRoster({
        ...kept,
        players: kept.players.map((p) => {
          const r = refused.find((x) => x.userId === p.userId);
          return r ? { ...p, waiver: r.before === 'signed' ? 'outdated' : (r.before ?? 'missing') } : p;
        }),
      });
  }
  return { waiting: left, problems };
}

export interface SyncState {
  scans: number;
  readings: number;
  signatures: number;
  /** What the server refused, said in the sync state line. */
  problems: string[];
}

/** Sends everything waiting on the device: scans, then readings, then signatures. */
export async function syncAll(eventId: string): Promise<SyncState> {
  const scans = await syncQueue(eventId);
  const readings = await syncReadings(eventId);
  const signatures = await syncSignatures(eventId);
  return {
    scans,
    readings: readings.waiting,
    signatures: signatures.waiting,
    problems: [
      ...(readings.refused > 0 ? [CHECKIN_TEXTS.readingsRefused(readings.refused)] : []),
      ...signatures.problems,
    ],
  };
}

/** How many of each wait on the device. */
export async function waitingCounts(eventId: string): Promise<Omit<SyncState, 'problems'>> {
  return {
    scans: (await queuedScans(eventId)).length,
    readings: (await queuedReadings(eventId)).length,
    signatures: (await queuedSignatures(eventId)).length,
  };
}
