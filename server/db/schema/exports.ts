import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { UserExportStatus } from '../../../contract/data-export';
import { id, ts } from './columns';
import { users } from './users';

/**
 * A player's "Download my data" exports (issue 24): one row per request, built by a job that any
 * process takes (FOR UPDATE SKIP LOCKED, with a lease so a crashed build is taken again), kept
 * EXPORT_KEEP_DAYS once ready, then deleted with its ZIP by housekeeping. The owner is set null
 * when the account goes (not cascaded: the ZIP in storage must go too); such rows are deleted with
 * their ZIP at once by the process that deleted the account, else by housekeeping.
 */
export const userExports = pgTable(
  'user_exports',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').$type<Exclude<UserExportStatus, 'none'>>().notNull().default('pending'),
    requestedAt: ts('requested_at').notNull().defaultNow(),
    /** While running: when the build's lease ends (a process that died building it lets it go then). */
    leaseUntil: ts('lease_until'),
    attempts: integer('attempts').notNull().default(0),
    readyAt: ts('ready_at'),
    expiresAt: ts('expires_at'),
    /** The ZIP's storage key (`exports/<id>.zip`), once written. */
    objectKey: text('object_key'),
    size: bigint('size', { mode: 'number' }),
    lastError: text('last_error'),
  },
  (t) => [
    index('user_exports_user_idx').on(t.userId, t.requestedAt.desc()),
    index('user_exports_due_idx').on(t.requestedAt).where(sql`${t.status} IN ('pending', 'running')`),
    index('user_exports_expires_idx').on(t.expiresAt).where(sql`${t.expiresAt} IS NOT NULL`),
    // One export in the making per player, whatever races: a second request meets this (409).
    uniqueIndex('user_exports_one_open_uq').on(t.userId).where(sql`${t.status} IN ('pending', 'running')`),
    check('user_exports_status_check', sql`${t.status} IN ('pending', 'running', 'ready', 'failed')`),
  ],
);
