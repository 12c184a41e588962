import 'fake-indexeddb/auto';
import type { CheckInData } from '@contract/checkin';
import { openDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  checkInLocally,
  digestOf,
  fetchRoster,
  recordChronoLocally,
  signWaiverLocally,
  syncAll,
  syncQueue,
  waitingCount,
  waitingCounts,
} from './gate';
import { CHECK_IN_DB, loadRoster, queuedScans, resetOfflineStore } from './offline-store';

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
      {
        ...player('33333333-3333-4333-8333-333333333333', 'ben', await digestOf('ZZZZZZZZZZZZZZZZ')),
        waiver: 'outdated' as const,
      },
    ],
    abilities: { canCheckIn: true, canChrono: true },
    chronoLimits: { classes: { aeg: 1.14, dmr: 2.32, sniper: null }, bbWeightGrams: 0.2 },
    waiver: { version: 3, text: '# Waiver\n\nI accept the risks.' },
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

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('chrono and the waiver at the gate, offline', () => {
  it('judges a reading on the device at once (exactly at the limit passes), marks the roster, queues it, then syncs it', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const data = await roster();
    const ana = data.players[0].userId;
    const atLimit = await recordChronoLocally(data, ana, { replicaClass: 'aeg', joules: 1.14 });
    expect(atLimit.ok && atLimit.result).toMatchObject({ joules: 1.14, limitJoules: 1.14, pass: true });
    const over = await recordChronoLocally(atLimit.data, ana, {
      replicaClass: 'aeg',
      fps: 400,
      bbWeightGrams: 0.2,
    });
    expect(over.ok && over.result).toMatchObject({ pass: false, limitJoules: 1.14, bbWeightGrams: 0.2 });
    const bad = await recordChronoLocally(over.data, ana, { replicaClass: 'aeg', fps: 5000 });
    expect(bad.ok).toBe(false);
    expect((await loadRoster(eventId))?.players[0].chrono.map((c) => c.pass)).toEqual([true, false]);
    expect(await waitingCounts(eventId)).toEqual({ scans: 0, readings: 2, signatures: 0 });
    // Still offline: a reload keeps both on the roster, the sync keeps both waiting.
    expect((await fetchRoster(eventId)).data.players[0].chrono).toHaveLength(2);
    expect((await syncAll(eventId)).readings).toBe(2);

    const sent = vi.fn().mockResolvedValue(json({ results: [] }));
    vi.stubGlobal('fetch', sent);
    const state = await syncAll(eventId);
    expect(state).toMatchObject({ scans: 0, readings: 0, signatures: 0, problems: [] });
    const [url, init] = sent.mock.calls[0];
    expect(url).toBe(`/api/events/${eventId}/chrono/batch`);
    const body = JSON.parse(init.body);
    expect(body.readings).toHaveLength(2);
    expect(body.readings[0]).toMatchObject({ userId: ana, replicaClass: 'aeg', joules: 1.14 });
    expect(body.readings[1]).toMatchObject({ fps: 400, bbWeightGrams: 0.2 });
    expect(body.readings[0].deviceId).toMatch(/^device-/);
    expect(body.readings[0]).not.toHaveProperty('eventId');
    expect(await waitingCounts(eventId)).toEqual({ scans: 0, readings: 0, signatures: 0 });
  });

  it('queues a signature made on the phone (player shown signed), sends it when back; a refused one is dropped and said', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    let data = await roster();
    const [ana, ben] = data.players;
    const signedAna = await signWaiverLocally(data, ana.userId, {
      fullName: 'Ana Silva',
      dateOfBirth: '1990-01-02',
    });
    expect(signedAna.player?.waiver).toBe('signed');
    data = (
      await signWaiverLocally(signedAna.data, ben.userId, {
        fullName: 'Ben Jones',
        dateOfBirth: '1991-01-02',
      })
    ).data;
    expect(data.players.map((p) => p.waiver)).toEqual(['signed', 'signed']);
    expect((await syncAll(eventId)).signatures).toBe(2);
    expect((await fetchRoster(eventId)).data.players.map((p) => p.waiver)).toEqual(['signed', 'signed']);

    const sent = vi.fn(async (url: string) =>
      url.includes(ana.userId)
        ? json({ player: { ...ana, waiver: 'signed' } })
        : json({ message: 'The waiver changed since this device loaded it' }, 409),
    );
    vi.stubGlobal('fetch', sent);
    const state = await syncAll(eventId);
    expect(state.signatures).toBe(0);
    expect(state.problems).toEqual([
      expect.stringMatching(/^ben’s waiver signature was not accepted .*still need to sign$/),
    ]);
    expect(sent).toHaveBeenCalledTimes(2);
    const [url, init] = sent.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`/api/events/${eventId}/roster/${ana.userId}/waiver`);
    expect(JSON.parse(init.body as string)).toEqual({
      version: 3,
      fullName: 'Ana Silva',
      dateOfBirth: '1990-01-02',
    });
    // Ben needs to sign again (he had signed an older text); nothing more waits.
    expect((await loadRoster(eventId))?.players.map((p) => p.waiver)).toEqual(['signed', 'outdated']);
    expect(await waitingCounts(eventId)).toEqual({ scans: 0, readings: 0, signatures: 0 });
  });

  it('upgrades a device’s version 1 database keeping its roster and waiting scans', async () => {
    await resetOfflineStore();
    const old = await openDB(CHECK_IN_DB, 1, {
      upgrade(d) {
        d.createObjectStore('rosters');
        d.createObjectStore('queue', { keyPath: 'id', autoIncrement: true }).createIndex(
          'byEvent',
          'eventId',
        );
        d.createObjectStore('meta');
      },
    });
    const data = await roster();
    await old.put('rosters', data, eventId);
    await old.add('queue', {
      eventId,
      userId: data.players[0].userId,
      scannedAt: '2030-01-01T09:00:00Z',
      deviceId: 'd',
    });
    old.close();
    expect(await queuedScans(eventId)).toHaveLength(1);
    expect((await loadRoster(eventId))?.event.title).toBe('Op');
    expect(await waitingCounts(eventId)).toEqual({ scans: 1, readings: 0, signatures: 0 });
  });
});
