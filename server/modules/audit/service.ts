import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { AuditAction, AuditEntry, AuditLogPage } from '../../../contract';
import { auditLog, users } from '../../db/schema';
import type { Db } from '../../db/types';

/** One admin action, as the services that make it write it. */
export interface AuditInput {
  adminId: string;
  /** One of AUDIT_ACTIONS (the log page's filter lists them): 'report.warn', 'news.update', ... */
  action: AuditAction;
  subjectType?: string | null;
  subjectId?: string | null;
  /** The player the action was about (an author warned or suspended), for their history. */
  targetUserId?: string | null;
  note?: string | null;
  data?: Record<string, unknown>;
}

/**
 * Appends one row to the audit log in the caller's transaction (`tx`), so that an action rolled
 * back leaves no entry and an entry never exists without its action. The log is append-only: no
 * route nor service updates or deletes a row.
 */
export async function audit(tx: Db, input: AuditInput): Promise<void> {
  await tx.insert(auditLog).values({
    adminId: input.adminId,
    action: input.action,
    subjectType: input.subjectType ?? null,
    subjectId: input.subjectId ?? null,
    targetUserId: input.targetUserId ?? null,
    note: input.note ?? null,
    data: input.data ?? {},
  });
}

const columns = {
  id: auditLog.id,
  adminId: auditLog.adminId,
  adminUsername: users.username,
  action: auditLog.action,
  subjectType: auditLog.subjectType,
  subjectId: auditLog.subjectId,
  note: auditLog.note,
  data: auditLog.data,
  createdAt: auditLog.createdAt,
};

type Row = {
  id: bigint;
  adminId: string | null;
  adminUsername: string | null;
  action: string;
  subjectType: string | null;
  subjectId: string | null;
  note: string | null;
  data: Record<string, unknown>;
  createdAt: Date;
};

export const presentAuditEntry = (r: Row): AuditEntry => ({
  id: r.id.toString(),
  adminId: r.adminId,
  adminUsername: r.adminUsername,
  action: r.action,
  subjectType: r.subjectType,
  subjectId: r.subjectId,
  note: r.note,
  data: r.data ?? {},
  createdAt: r.createdAt.toISOString(),
});

/** GET /api/admin/audit-log: newest first, paged by id (keyset), filtered by admin and action. */
export async function auditPage(
  db: Db,
  q: { limit: number; before?: string; adminId?: string; action?: string },
): Promise<AuditLogPage> {
  const where = and(
    q.before ? lt(auditLog.id, BigInt(q.before)) : undefined,
    q.adminId ? eq(auditLog.adminId, q.adminId) : undefined,
    q.action ? eq(auditLog.action, q.action) : undefined,
  );
  const list = await db
    .select(columns)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.adminId))
    .where(where)
    .orderBy(desc(auditLog.id))
    .limit(q.limit);
  const items = list.map(presentAuditEntry);
  return { items, nextCursor: items.length === q.limit ? (items.at(-1)?.id ?? null) : null };
}

/** The latest actions about each of `userIds` (their history in the review queue), up to `per` each. */
export async function actionsAbout(
  db: Db,
  userIds: readonly string[],
  per = 10,
): Promise<Map<string, AuditEntry[]>> {
  const found = new Map<string, AuditEntry[]>();
  if (userIds.length === 0) return found;
  const list = await db
    .select({ ...columns, targetUserId: auditLog.targetUserId })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.adminId))
    .where(inArray(auditLog.targetUserId, [...userIds]))
    .orderBy(desc(auditLog.id))
    .limit(per * userIds.length);
  for (const r of list) {
    const key = r.targetUserId as string;
    const entries = found.get(key) ?? [];
    if (entries.length < per) entries.push(presentAuditEntry(r));
    found.set(key, entries);
  }
  return found;
}

/** For tests and the dashboard: how many entries an action has. */
export async function countAudit(db: Db, action: string): Promise<number> {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(eq(auditLog.action, action));
  return Number(n);
}
