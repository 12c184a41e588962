import { sql } from 'drizzle-orm';
import { bigserial, check, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ReportReason, ReportSnapshot, ReportSubjectType } from '../../../contract/reports';
import { createdAt, id, ts } from './columns';
import { users } from './users';

/**
 * Reports (issue 24): one row per reporter and report. The subject is named by type and id, not by
 * a foreign key: the report and its snapshot of the content as it was reported outlive the content.
 * One OPEN report per reporter and subject (a unique partial index, so racing requests still make
 * one row).
 */
export const reports = pgTable(
  'reports',
  {
    id: id(),
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    subjectType: text('subject_type').$type<ReportSubjectType>().notNull(),
    subjectId: uuid('subject_id').notNull(),
    /** The subject's author when reported (a player: themself), for their history. */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').$type<ReportReason>().notNull(),
    note: text('note'),
    snapshot: jsonb('snapshot').$type<ReportSnapshot>().notNull(),
    status: text('status').$type<'open' | 'closed'>().notNull().default('open'),
    createdAt: createdAt(),
    closedAt: ts('closed_at'),
    closedBy: uuid('closed_by').references(() => users.id, { onDelete: 'set null' }),
    /** What closed it: dismiss, delete, warn, suspend. */
    resolution: text('resolution'),
  },
  (t) => [
    uniqueIndex('reports_open_reporter_subject_uq')
      .on(t.reporterId, t.subjectType, t.subjectId)
      .where(sql`${t.status} = 'open'`),
    index('reports_subject_idx').on(t.subjectType, t.subjectId, t.status),
    index('reports_status_created_idx').on(t.status, t.createdAt.desc()),
    index('reports_author_idx').on(t.authorId).where(sql`${t.authorId} IS NOT NULL`),
    check('reports_status_check', sql`${t.status} IN ('open', 'closed')`),
  ],
);

/**
 * The audit log (issue 24): every admin action, who, what, when, on what, why. Append-only in the
 * application: no route or service updates or deletes a row. Paged by id, newest first.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    subjectType: text('subject_type'),
    subjectId: text('subject_id'),
    /** The player the action was about, for their history (an author warned, suspended). */
    targetUserId: uuid('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_admin_idx').on(t.adminId, t.id.desc()),
    index('audit_log_action_idx').on(t.action, t.id.desc()),
    index('audit_log_target_idx').on(t.targetUserId, t.id.desc()).where(sql`${t.targetUserId} IS NOT NULL`),
  ],
);
