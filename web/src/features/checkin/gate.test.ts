import 'fake-indexeddb/auto';
import type { CheckInData } from '@contract/checkin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkInLocally, digestOf, fetchRoster, syncQueue, waitingCount } from './gate';
import { resetOfflineStore } from './offline-store';

const CODE_A = 'ABCD-EFGH-JKMN-PQRS';
const eventId = '11111111-1111-4111-8111-111111111111';
async function roster(): Promise<CheckInData> {
  const player = (userId: string, username: string, codeDigest: string) => ({
    userId,
    username,
    avatar: null,
    side: null,
    waiver: null,
    checkedInAt: null,
    chrono: [],
    codeDigest,
  });
  return {
    event: { id: eventId, title: 'Op', date: '2030-01-01T09:00:00Z', timeZone: 'Europe/London' },
    players: [
      player('22222222-2222-4222-8222-222222222222', 'ana', await digestOf(CODE_A)),
      player('33333333-3333-4333-8333-333333333333', 'ben', await digestOf('ZZZZZZZZZZZZZZZZ')),
    ],
    abilities: { canCheckIn: true, canChrono: true },
    generatedAt: '2030-01-01T08:00:00Z',
  };
}

beforeEach(async () => {
  await resetOfflineStore();
  await new Promise((done) => {
    const req = indexedDB.deleteDatabase('airsoft-check-in');
    req.onsuccess = req.onerror = req.onblocked = done;
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('the gate offline', () => {
  it('knows a ticket by its digest in any spelling, queues the scan, and says "already" the second time', async () => {
    let data = await roster();
    const first = await checkInLocally(data, { code: 'abcd efgh jkmn pqrs' });
    expect(first.outcome.tone).toBe('ok');
    expect(first.outcome.player?.username).toBe('ana');
    data = first.data;
    const again = await checkInLocally(data, { code: CODE_A });
    expect(again.outcome.tone).toBe('already');
    expect(again.outcome.message).toMatch(/^Already checked in at \d\d:\d\d$/);
    expect(await waitingCount(eventId)).toBe(1);
    const unknown = await checkInLocally(data, { code: 'QQQQ-QQQQ-QQQQ-QQQQ' });
    expect(unknown.outcome.tone).toBe('error');
    expect(await waitingCount(eventId)).toBe(1);
  });

  it('keeps the queue while the network is down, sends it by the batch route when back, and keeps the roster for a reload', async () => {
    const data = await roster();
    await checkInLocally(data, { code: CODE_A });
    await checkInLocally(data, { userId: data.players[1].userId });
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    expect(await syncQueue(eventId)).toBe(2);
    // Offline reload: the device's roster, with both marked.
    const kept = await fetchRoster(eventId);
    expect(kept.offline).toBe(true);
    expect(kept.data.players.every((p) => p.checkedInAt)).toBe(true);
    const sent = vi.fn().mockResolvedValue(new Response(JSON.stringify({ results: [] }), { status: 200 }));
    vi.stubGlobal('fetch', sent);
    expect(await syncQueue(eventId)).toBe(0);
    const [url, init] = sent.mock.calls[0];
    expect(url).toBe(`/api/events/${eventId}/check-ins/batch`);
    const body = JSON.parse(init.body);
    expect(body.scans).toHaveLength(2);
    expect(body.scans[0]).toMatchObject({ code: 'ABCDEFGHJKMNPQRS' });
    expect(body.scans[1]).toMatchObject({ userId: data.players[1].userId });
    expect(body.scans[0].deviceId).toBe(body.scans[1].deviceId);
    expect(await waitingCount(eventId)).toBe(0);
  });
});
