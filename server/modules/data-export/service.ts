import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { EXPORT_TEXTS, type UserExportAnswer } from '../../../contract';
import { rows } from '../../db/rows';
import type { Db } from '../../db/types';
import { conflict, notFound, uniqueViolation } from '../../errors';
import type { ObjectStorage } from '../../storage/types';
import { type ExportRow, presentExport } from './presenters';

const SELECT = sql`SELECT id::text, status, requested_at, ready_at, expires_at, size, object_key FROM user_exports`;

/** The player's latest export, or null. */
async function latest(db: Db, userId: string): Promise<ExportRow | null> {
  const [row] = await rows<ExportRow>(
    db,
    sql`${SELECT} WHERE user_id = ${userId} ORDER BY requested_at DESC, id DESC LIMIT 1`,
  );
  return row ?? null;
}

/** GET /api/user/export. */
export async function viewerExport(db: Db, userId: string, now = new Date()): Promise<UserExportAnswer> {
  return presentExport(await latest(db, userId), now);
}

/**
 * POST /api/user/export: a new pending export, or 409 when one is pending or running already (the
 * unique index on open exports decides between racing requests).
 */
export async function requestExport(db: Db, userId: string, now = new Date()): Promise<UserExportAnswer> {
  try {
    const [row] = await rows<ExportRow>(
      db,
      sql`INSERT INTO user_exports (user_id) VALUES (${userId})
          RETURNING id::text, status, requested_at, ready_at, expires_at, size, object_key`,
    );
    return presentExport(row, now);
  } catch (err) {
    if (uniqueViolation(err)) throw conflict(EXPORT_TEXTS.alreadyInProgress);
    throw err;
  }
}

/** GET /api/user/export/download: the owner's ready ZIP, while it is kept; 404 otherwise. */
export async function openDownload(
  db: Db,
  storage: ObjectStorage,
  userId: string,
  now = new Date(),
): Promise<{ body: Readable; size: number; readyAt: Date }> {
  const [row] = await rows<ExportRow>(
    db,
    sql`${SELECT} WHERE user_id = ${userId} AND status = 'ready' AND expires_at > ${now.toISOString()}::timestamptz
        ORDER BY ready_at DESC LIMIT 1`,
  );
  if (!row?.object_key || !row.ready_at) throw notFound(EXPORT_TEXTS.notFound);
  const object = await storage.get(row.object_key);
  if (!object) throw notFound(EXPORT_TEXTS.notFound);
  return { body: object.body, size: object.size, readyAt: new Date(row.ready_at) };
}

/** The download's file name: `airsoft-<username>-<YYYY-MM-DD>.zip` (the day it was prepared, UTC). */
export const downloadName = (username: string, readyAt: Date) =>
  `airsoft-${username.replace(/[^A-Za-z0-9._-]/g, '_')}-${readyAt.toISOString().slice(0, 10)}.zip`;
