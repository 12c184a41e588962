import { sql } from 'drizzle-orm';
import { EXPORT_KEEP_DAYS } from '../../../contract';
import { rows } from '../../db/rows';
import type { Db } from '../../db/types';
import { CoalescingRunner } from '../../lib/coalescing-runner';
import { ZipWriter } from '../../lib/zip';
import { type ObjectStorage, TooLargeError } from '../../storage/types';
import { collectUserData } from './collect';
import { readmeText } from './readme';

/*
 * The export job (issue 24): POST /api/user/export writes a 'pending' row; any process takes it
 * (FOR UPDATE SKIP LOCKED, so no two build the same one) and marks it 'running' with a lease;
 * builds the ZIP straight into object storage; marks it 'ready' for EXPORT_KEEP_DAYS. A process
 * that dies building one leaves its lease to run out, and the next poll of any process takes it
 * again (at most EXPORT_MAX_ATTEMPTS times, then it is 'failed'). The row survives a restart.
 */

/** A build not finished in this time is taken again by another process (its builder died). */
export const EXPORT_LEASE_MS = 15 * 60_000;
/** A build taken this many times without finishing is given up ('failed'). */
export const EXPORT_MAX_ATTEMPTS = 3;
/** How often each process looks for exports to build (besides the kick of its own requests). */
export const EXPORT_POLL_MS = 30_000;
/** One image larger than this is left out (the site's images are far smaller). */
export const EXPORT_IMAGE_MAX_BYTES = 25 * 1024 * 1024;
/** The images copied into one ZIP, in all: past this the rest are left out (README.txt lists them). */
export const EXPORT_IMAGES_MAX_BYTES = 512 * 1024 * 1024;
export const DAY_MS = 24 * 60 * 60_000;

export const exportObjectKey = (exportId: string) => `exports/${exportId}.zip`;

export interface ExportLog {
  error(obj: object, msg: string): void;
  info?(obj: object, msg: string): void;
}

interface Claimed {
  id: string;
  user_id: string;
  attempts: number;
}

/** Takes one due export (pending, or running past its lease), in one short statement. */
async function claimExport(db: Db): Promise<Claimed | null> {
  const [row] = await rows<Claimed>(
    db,
    sql`UPDATE user_exports x
        SET status = 'running', attempts = x.attempts + 1,
            lease_until = now() + ${EXPORT_LEASE_MS} * interval '1 millisecond'
        WHERE x.id = (
          SELECT id FROM user_exports
          WHERE user_id IS NOT NULL
            AND (status = 'pending' OR (status = 'running' AND lease_until < now()))
          ORDER BY requested_at
          LIMIT 1
          FOR UPDATE SKIP LOCKED)
        RETURNING x.id::text, x.user_id::text, x.attempts`,
  );
  return row ?? null;
}

const fail = (db: Db, id: string, message: string) =>
  db.execute(sql`
    UPDATE user_exports SET status = 'failed', lease_until = NULL, last_error = ${message.slice(0, 1000)}
    WHERE id = ${id} AND status = 'running'`);

/** The ZIP of `userId`'s data into storage under `key`; answers its size, or null when the account is gone. */
export async function writeExportZip(
  db: Db,
  storage: ObjectStorage,
  userId: string,
  key: string,
  now: Date,
): Promise<number | null> {
  const collected = await collectUserData(db, userId, now);
  if (!collected) return null;
  const zip = new ZipWriter();
  const stored = storage.putStream(key, zip.stream, 'application/zip');
  // A failed write leaves nothing behind (putStream); its error ends the build at once.
  let storeError: unknown = null;
  stored.catch((err) => {
    storeError = err;
  });
  try {
    const skipped: { file: string; why: string }[] = [];
    let imageBytes = 0;
    const copied: string[] = [];
    for (const image of collected.images) {
      if (imageBytes >= EXPORT_IMAGES_MAX_BYTES) {
        skipped.push({ file: image.file, why: 'the export reached its size limit' });
        continue;
      }
      let bytes: Buffer | null;
      try {
        bytes = await storage.getBuffer(image.objectPath.slice('/objects/'.length), EXPORT_IMAGE_MAX_BYTES);
      } catch (err) {
        if (!(err instanceof TooLargeError)) throw err;
        skipped.push({ file: image.file, why: 'too large' });
        continue;
      }
      if (!bytes) {
        skipped.push({ file: image.file, why: 'no longer stored' });
        continue;
      }
      if (imageBytes + bytes.length > EXPORT_IMAGES_MAX_BYTES) {
        skipped.push({ file: image.file, why: 'the export reached its size limit' });
        continue;
      }
      imageBytes += bytes.length;
      // WebP is compressed already: stored as it is.
      await zip.add(image.file, bytes, { compress: false, date: now });
      copied.push(image.file);
    }
    const data = { ...collected.data, files: { images: copied, skipped } };
    await zip.add('data.json', Buffer.from(JSON.stringify(data, null, 2)), { date: now });
    await zip.add('README.txt', Buffer.from(readmeText(now, copied.length, skipped)), { date: now });
    await zip.finish();
  } catch (err) {
    zip.abort(err as Error);
    await stored.catch(() => {});
    throw storeError ?? err;
  }
  await stored;
  return zip.size;
}

/**
 * Builds one claimed export: the ZIP, then the row 'ready' for EXPORT_KEEP_DAYS; the player's
 * earlier exports go (a player keeps one). A row whose owner went meanwhile loses its ZIP.
 */
async function buildExport(db: Db, storage: ObjectStorage, row: Claimed, log?: ExportLog) {
  if (row.attempts > EXPORT_MAX_ATTEMPTS) {
    await fail(db, row.id, 'given up: the build did not finish');
    return;
  }
  const key = exportObjectKey(row.id);
  let size: number | null;
  try {
    size = await writeExportZip(db, storage, row.user_id, key, new Date());
  } catch (err) {
    log?.error({ err, exportId: row.id }, 'data export failed');
    await fail(db, row.id, (err as Error)?.message ?? String(err));
    return;
  }
  if (size === null) {
    await db.execute(sql`DELETE FROM user_exports WHERE id = ${row.id}`);
    return;
  }
  const done = await rows<{ id: string }>(
    db,
    sql`UPDATE user_exports
        SET status = 'ready', ready_at = now(), lease_until = NULL, object_key = ${key}, size = ${size},
            expires_at = now() + ${EXPORT_KEEP_DAYS} * interval '1 day'
        WHERE id = ${row.id} AND status = 'running' AND user_id IS NOT NULL
        RETURNING id::text`,
  );
  if (done.length === 0) {
    // The account went while it was built: its ZIP and row go too.
    await storage.delete(key);
    await db.execute(sql`DELETE FROM user_exports WHERE id = ${row.id} AND user_id IS NULL`);
    return;
  }
  const older = await rows<{ id: string; object_key: string | null }>(
    db,
    sql`SELECT id::text, object_key FROM user_exports
        WHERE user_id = ${row.user_id} AND id <> ${row.id} AND status IN ('ready', 'failed')`,
  );
  await removeExports(db, storage, older);
}

/** Deletes exports' ZIPs, then their rows (a crash between leaves rows whose ZIP is already gone: deleted again later). */
async function removeExports(
  db: Db,
  storage: ObjectStorage,
  found: { id: string; object_key: string | null }[],
) {
  if (found.length === 0) return 0;
  for (const { object_key } of found) if (object_key) await storage.delete(object_key);
  await db.execute(
    sql`DELETE FROM user_exports WHERE id = ANY (${`{${found.map((f) => f.id).join(',')}}`}::uuid[])`,
  );
  return found.length;
}

/** Builds the due exports one after another until none is left (or `stopped()`); answers how many were taken. */
export async function runDueExports(
  db: Db,
  storage: ObjectStorage,
  opts: { log?: ExportLog; stopped?: () => boolean } = {},
): Promise<number> {
  let taken = 0;
  while (!opts.stopped?.()) {
    const row = await claimExport(db);
    if (!row) break;
    taken++;
    await buildExport(db, storage, row, opts.log);
  }
  return taken;
}

const BATCH = 200;

/**
 * Housekeeping: deletes, with their ZIPs, the exports past their 7 days, the failed ones older
 * than that, and those whose account was deleted (not one still being built: its builder deletes
 * its ZIP when it finds the owner gone). Answers how many went.
 */
export async function deleteExpiredExports(
  db: Db,
  storage: ObjectStorage,
  now = new Date(),
): Promise<number> {
  const at = now.toISOString();
  let removed = 0;
  for (;;) {
    const found = await rows<{ id: string; object_key: string | null }>(
      db,
      sql`SELECT id::text, object_key FROM user_exports
          WHERE expires_at < ${at}::timestamptz
             OR (status = 'failed' AND requested_at < ${at}::timestamptz - ${EXPORT_KEEP_DAYS} * interval '1 day')
             OR (user_id IS NULL AND (status <> 'running' OR lease_until < ${at}::timestamptz))
          ORDER BY requested_at LIMIT ${BATCH}`,
    );
    removed += await removeExports(db, storage, found);
    if (found.length < BATCH) return removed;
  }
}

/** Runs the due exports whenever kicked, one run at a time; `stop()` ends after the build in progress. */
export class ExportRunner extends CoalescingRunner {
  constructor(db: Db, storage: ObjectStorage, log?: ExportLog) {
    super(
      (stopped) => runDueExports(db, storage, { log, stopped }),
      (err) => log?.error({ err }, 'data exports: run failed'),
    );
  }
}
