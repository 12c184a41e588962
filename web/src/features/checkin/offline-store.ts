import type { CheckInData, GatePlayer, OfflineChronoReading, OfflineScan } from '@contract/checkin';
import type { WaiverAnswers } from '@contract/waivers';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/**
 * What the check-in page keeps on the device (issue 25): each event's roster with the codes'
 * digests, the scans, chrono readings and waiver signatures waiting to be sent, and this device's
 * id. IndexedDB, so it outlives reloads with no network.
 */
export interface QueuedScan extends OfflineScan {
  id?: number;
  eventId: string;
}

/** A chrono reading judged on the device, waiting for POST /api/events/{id}/chrono/batch. */
export type QueuedReading = OfflineChronoReading & { id?: number; eventId: string; userId: string };

/** A waiver signed on this phone at the gate, waiting for POST /api/events/{id}/roster/{userId}/waiver. */
export interface QueuedSignature {
  id?: number;
  eventId: string;
  userId: string;
  username: string;
  version: number;
  answers: WaiverAnswers;
  /** The player's state before signing: shown again if the server refuses the signature. */
  before: GatePlayer['waiver'];
}

interface CheckInDb extends DBSchema {
  rosters: { key: string; value: CheckInData };
  queue: { key: number; value: QueuedScan; indexes: { byEvent: string } };
  meta: { key: string; value: string };
  chrono: { key: number; value: QueuedReading; indexes: { byEvent: string } };
  signatures: { key: number; value: QueuedSignature; indexes: { byEvent: string } };
}

export const CHECK_IN_DB = 'airsoft-check-in';
export const CHECK_IN_DB_VERSION = 2;

let opened: Promise<IDBPDatabase<CheckInDb>> | null = null;
function db() {
  opened ??= openDB<CheckInDb>(CHECK_IN_DB, CHECK_IN_DB_VERSION, {
    // Each step from the version the device has: the rosters, scans and device id of version 1 stay.
    upgrade(d, oldVersion) {
      if (oldVersion < 1) {
        d.createObjectStore('rosters');
        d.createObjectStore('queue', { keyPath: 'id', autoIncrement: true }).createIndex(
          'byEvent',
          'eventId',
        );
        d.createObjectStore('meta');
      }
      if (oldVersion < 2) {
        d.createObjectStore('chrono', { keyPath: 'id', autoIncrement: true }).createIndex(
          'byEvent',
          'eventId',
        );
        d.createObjectStore('signatures', { keyPath: 'id', autoIncrement: true }).createIndex(
          'byEvent',
          'eventId',
        );
      }
    },
  });
  return opened;
}

/** For tests: forget the open connection (fake-indexeddb is replaced between tests). */
export async function resetOfflineStore() {
  const was = opened;
  opened = null;
  (await was)?.close();
}

export async function saveRoster(data: CheckInData): Promise<void> {
  await (await db()).put('rosters', data, data.event.id);
}

export async function loadRoster(eventId: string): Promise<CheckInData | undefined> {
  return (await db()).get('rosters', eventId);
}

export async function queueScan(scan: QueuedScan): Promise<void> {
  await (await db()).add('queue', scan);
}

export async function queuedScans(eventId: string): Promise<QueuedScan[]> {
  return (await db()).getAllFromIndex('queue', 'byEvent', eventId);
}

export async function removeScans(ids: number[]): Promise<void> {
  const tx = (await db()).transaction('queue', 'readwrite');
  await Promise.all([...ids.map((id) => tx.store.delete(id)), tx.done]);
}

/** This device's id, made once. */
export async function deviceId(): Promise<string> {
  const d = await db();
  const known = await d.get('meta', 'deviceId');
  if (known) return known;
  const id = `device-${crypto.randomUUID()}`;
  await d.put('meta', id, 'deviceId');
  return id;
}

export async function queueReading(reading: QueuedReading): Promise<void> {
  await (await db()).add('chrono', reading);
}

export async function queuedReadings(eventId: string): Promise<QueuedReading[]> {
  return (await db()).getAllFromIndex('chrono', 'byEvent', eventId);
}

export async function removeReadings(ids: number[]): Promise<void> {
  const tx = (await db()).transaction('chrono', 'readwrite');
  await Promise.all([...ids.map((id) => tx.store.delete(id)), tx.done]);
}

export async function queueSignature(signature: QueuedSignature): Promise<void> {
  await (await db()).add('signatures', signature);
}

export async function queuedSignatures(eventId: string): Promise<QueuedSignature[]> {
  return (await db()).getAllFromIndex('signatures', 'byEvent', eventId);
}

export async function removeSignature(id: number): Promise<void> {
  await (await db()).delete('signatures', id);
}
