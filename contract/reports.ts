import { mediaMap, PAGE_DEFAULT_LIMIT, PAGE_MAX_LIMIT, text, uuid } from './common';
import { z } from './messages';

/**
 * Reports and the review queue (issue 24): a player reports a post, a comment, a player, a team, a
 * gear item or a team gallery image; admins see the open reports grouped by subject and act on
 * them; every admin action is written to the audit log.
 */

export const REPORT_SUBJECT_TYPES = [
  'post',
  'comment',
  'user',
  'team',
  'gear',
  'teamGalleryImage',
  'eventComment',
] as const;
export type ReportSubjectType = (typeof REPORT_SUBJECT_TYPES)[number];
export const reportSubjectType = z.enum(REPORT_SUBJECT_TYPES);

export const REPORT_REASONS = ['spam', 'harassment', 'unsafe', 'illegal-sale', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const reportReason = z.enum(REPORT_REASONS);

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  harassment: 'Harassment',
  unsafe: 'Unsafe play or against the rules',
  'illegal-sale': 'Illegal sale',
  other: 'Something else',
};

export const REPORT_SUBJECT_LABELS: Record<ReportSubjectType, string> = {
  post: 'Post',
  comment: 'Comment',
  user: 'Player',
  team: 'Team',
  gear: 'Gear item',
  teamGalleryImage: 'Team gallery image',
  eventComment: 'Event comment',
};

export const REPORT_NOTE_MAX = 1000;

export const REPORT_TEXTS = {
  thanks: 'Thanks, an admin will look at it',
  report: 'Report',
  reportTitle: 'Report this',
  reasonLabel: 'Why are you reporting it?',
  noteLabel: 'Anything else an admin should know? (optional)',
  send: 'Send',
  alreadyReported: 'You have already reported this; an admin will look at it',
  ownContent: 'You cannot report yourself or your own content',
  subjectNotFound: 'What you reported no longer exists',
  reportNotFound: 'Report not found',
  alreadyClosed: 'These reports are already closed',
  noAuthor: 'This content has no author to act on',
  notSuspended: 'This player is not suspended',
  cannotActOnAdmin: 'An admin cannot be warned or suspended here; revoke the role first',
  warnNeedsNote: 'Write the warning the player will read',
  deleteNotPossible: 'A player account cannot be deleted from here; suspend it instead',
  reports: 'Reports',
  auditLog: 'Audit log',
  noOpenReports: 'No open reports',
  noClosedReports: 'No closed reports',
  noAuditEntries: 'No entries',
  fetchReportsFailed: 'Could not load the reports',
  fetchAuditFailed: 'Could not load the audit log',
  suspendedBannerIndefinite: 'Your account is suspended until an admin lifts it',
} as const;

/**
 * The message every write of a suspended player is answered with (403). An arrow function, so
 * the app shell reads it without zod (scripts/vite-contract-values.ts takes plain constants only).
 */
export const suspensionMessage = (until: Date | 'indefinite', reason: string | null): string => {
  const end =
    until === 'indefinite'
      ? 'until an admin lifts it'
      : `until ${until.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return `Your account is suspended ${end}${reason ? `: ${reason}` : ''}`;
};

/** A note a form may leave empty: trimmed, no control characters, '' is left out. */
const note = text()
  .trim()
  .max(REPORT_NOTE_MAX)
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** POST /api/reports. */
export const reportBody = z.object({
  subjectType: reportSubjectType,
  subjectId: uuid(),
  reason: reportReason,
  note,
});
export type ReportBody = z.input<typeof reportBody>;

export const reportAnswer = z.object({ message: z.literal(REPORT_TEXTS.thanks) });
export type ReportAnswer = z.infer<typeof reportAnswer>;

/** The content as it was reported: kept even when it is later edited or deleted. */
export const reportSnapshot = z.object({
  text: z.string().nullable(),
  images: z.array(z.string()),
  authorId: z.string().nullable(),
  authorUsername: z.string().nullable(),
  /** A title where the subject has one (a team's name, a gear item's title). */
  title: z.string().nullable().optional(),
  /** Where the subject is seen in the app (null when it has no page). */
  url: z.string().nullable().optional(),
});
export type ReportSnapshot = z.infer<typeof reportSnapshot>;

export const REPORT_STATUSES = ['open', 'closed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const adminReportsQuery = z.object({
  status: z.enum(REPORT_STATUSES).default('open'),
  limit: z.coerce.number().int().min(1).max(PAGE_MAX_LIMIT).default(PAGE_DEFAULT_LIMIT),
});

export const reporterEntry = z.object({
  id: z.string(),
  reporterId: z.string().nullable(),
  reporterUsername: z.string().nullable(),
  reason: reportReason,
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type ReporterEntry = z.infer<typeof reporterEntry>;

/** An audit log row as admins read it. */
export const auditEntry = z.object({
  id: z.string(),
  adminId: z.string().nullable(),
  adminUsername: z.string().nullable(),
  action: z.string(),
  subjectType: z.string().nullable(),
  subjectId: z.string().nullable(),
  note: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/** One subject of the queue: its reports (most reported first), the content as reported, the author's history. */
export const reportQueueItem = z.object({
  /** The id an action is posted to (the subject's latest report). */
  id: z.string(),
  subjectType: reportSubjectType,
  subjectId: z.string(),
  status: z.enum(REPORT_STATUSES),
  reportCount: z.number().int(),
  firstReportedAt: z.string(),
  lastReportedAt: z.string(),
  snapshot: reportSnapshot,
  /** Whether the subject still exists. */
  subjectExists: z.boolean(),
  reports: z.array(reporterEntry),
  author: z
    .object({
      id: z.string(),
      username: z.string().nullable(),
      /** null, an ISO date, or 'indefinite'. */
      suspendedUntil: z.string().nullable(),
      /** Reports about the author's content other than this subject. */
      earlierReports: z.number().int(),
      /** The latest admin actions on the author (warnings, suspensions, deletions). */
      actions: z.array(auditEntry),
    })
    .nullable(),
  media: mediaMap.optional(),
});
export type ReportQueueItem = z.infer<typeof reportQueueItem>;

export const REPORT_ACTIONS = ['dismiss', 'delete', 'warn', 'suspend', 'lift'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

export const REPORT_ACTION_LABELS: Record<ReportAction, string> = {
  dismiss: 'Dismiss',
  delete: 'Delete the content',
  warn: 'Warn the author',
  suspend: 'Suspend the author',
  lift: 'Lift the suspension',
};

/** POST /api/admin/reports/{id}/actions: suspend without days is until lifted. */
export const reportActionBody = z.object({
  action: z.enum(REPORT_ACTIONS),
  days: z.union([z.literal(1), z.literal(7)]).optional(),
  note,
});
export type ReportActionBody = z.input<typeof reportActionBody>;

export const reportActionAnswer = z.object({ item: reportQueueItem });

/** GET /api/admin/reports/count: the Reports tile's open count (subjects). */
export const reportCountAnswer = z.object({ open: z.number().int() });

export const AUDIT_PAGE_MAX = 100;
export const auditLogQuery = z.object({
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(50),
  /** The `nextCursor` of the previous page. */
  before: z
    .string()
    .regex(/^[1-9][0-9]{0,17}$/, 'Must be an audit entry id')
    .optional(),
  adminId: uuid().optional(),
  action: z.string().max(64).optional(),
});
export type AuditLogQuery = z.input<typeof auditLogQuery>;

export const auditLogPage = z.object({
  items: z.array(auditEntry),
  nextCursor: z.string().nullable(),
});
export type AuditLogPage = z.infer<typeof auditLogPage>;

/**
 * The audit log page's texts: its actor is an admin, or an event's organiser (a host team's leader
 * or co-leader, issue 25), so none of them says "admin".
 */
export const AUDIT_TEXTS = {
  actor: 'By',
  everyone: 'Everyone',
  action: 'Action',
  everyAction: 'Every action',
  by: (name: string | null) => `by ${name ?? 'a deleted account'}`,
} as const;

/** Every action the audit log names, for the page's filter. */
export const AUDIT_ACTIONS = [
  'report.dismiss',
  'report.delete',
  'report.warn',
  'report.suspend',
  'report.lift',
  'post.delete',
  'comment.delete',
  'event-comment.delete',
  'blocked-word.add',
  'blocked-word.remove',
  'role.grant',
  'role.revoke',
  'catalog.import',
  'events.import',
  'news.create',
  'news.update',
  'news.delete',
  'tutorial.create',
  'tutorial.update',
  'tutorial.delete',
  'store.create',
  'store.update',
  'store.delete',
  'field.create',
  'field.update',
  'field.verify',
  'field.delete',
  'event.create',
  'event.update',
  'event.delete',
  'product.create',
  'product.update',
  'gear.delete',
  'team.delete',
  'teamGalleryImage.delete',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The current user's suspension in GET /api/user: null, an ISO date, or 'indefinite'. */
export const suspendedUntil = z.union([z.string(), z.literal('indefinite')]).nullable();
