import type { CheckInData, OfflineScan } from '@contract/checkin';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/**
 * What the check-in page keeps on the device (issue 25): each event's roster with the codes'
 * digests, the scans waiting to be sent, and this device's id. IndexedDB, so it outlives reloads
 * with no network.
 */
export interface QueuedScan extends OfflineScan {
  id?: number;
  eventId: string;
}

interface CheckInDb extends DBSchema {
  rosters: { key: string; value: CheckInData };
  queue: { key: number; value: QueuedScan; indexes: { byEvent: string } };
  meta: { key: string; value: string };
}

let opened: Promise<IDBPDatabase<CheckInDb>> | null = null;
function db() {
  opened ??= openDB<CheckInDb>('airsoft-check-in', 1, {
    upgrade(d) {
      d.createObjectStore('rosters');
      d.createObjectStore('queue', { keyPath: 'id', autoIncrement: true }).createIndex('byEvent', 'eventId');
      d.createObjectStore('meta');
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
