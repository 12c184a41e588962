import { EXPORT_DOWNLOAD_PATH, type UserExportAnswer } from '../../../contract';

/** A user_exports row as the service reads it (the drivers answer times as Date or text). */
export interface ExportRow {
  id: string;
  status: 'pending' | 'running' | 'ready' | 'failed';
  requested_at: Date | string;
  ready_at: Date | string | null;
  expires_at: Date | string | null;
  size: number | string | null;
  object_key: string | null;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/** The answer of GET and POST /api/user/export; an export past its days (not yet swept) is 'none'. */
export function presentExport(row: ExportRow | null, now: Date): UserExportAnswer {
  const expired = row?.expires_at != null && new Date(row.expires_at) <= now;
  if (!row || expired)
    return {
      status: 'none',
      requestedAt: null,
      readyAt: null,
      expiresAt: null,
      size: null,
      downloadUrl: null,
    };
  const ready = row.status === 'ready';
  return {
    status: row.status,
    requestedAt: iso(row.requested_at),
    readyAt: iso(row.ready_at),
    expiresAt: iso(row.expires_at),
    size: row.size === null ? null : Number(row.size),
    downloadUrl: ready ? EXPORT_DOWNLOAD_PATH : null,
  };
}
