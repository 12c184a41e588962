import {
  REPORT_TEXTS,
  type ReportAction,
  type ReportSnapshot,
  type ReportSubjectType,
} from '../../../contract';
import type { users } from '../../db/schema';
import { badRequest, conflict, type HttpError } from '../../errors';
import { isSuspended, type SessionUser } from '../auth';

/** What whether a subject may be reported depends on: its author, and the viewer's membership of a team. */
export interface ReportFacts {
  /** The author or owner (a team's leader, the player of a profile), null when gone. */
  authorId: ReportSnapshot['authorId'];
  /** A team only: whether the viewer is one of its members. */
  viewerIsMember?: boolean;
}

/**
 * A player reports anything but themself, their own content and a team they belong to. The one
 * rule both POST /api/reports and the answers' `canReport` follow.
 */
export const mayReport = (reporter: SessionUser, subject: ReportFacts) =>
  subject.authorId !== reporter.id && !subject.viewerIsMember;

/**
 * The viewer's `canReport` on a post, comment, profile, team, gear item or gallery image: signed
 * in, not suspended (a suspended player's writes are refused), and `mayReport`. Pure: the answers
 * carry it without a query (the feed's cards included).
 */
export const canReport = (viewer: SessionUser | null, subject: ReportFacts): boolean =>
  !!viewer && !isSuspended(viewer) && mayReport(viewer, subject);

/**
 * Why an admin may not take `action` on a report's subject now, or null: dismiss and delete need
 * open reports (a delete may also act on a closed subject still there), warn needs the text and an
 * author, suspend an author who is not an admin, lift a suspended author.
 */
export function mayAct(
  action: ReportAction,
  s: {
    open: number;
    author: typeof users.$inferSelect | undefined;
    note: string | null;
    subjectType: ReportSubjectType;
  },
): HttpError | null {
  switch (action) {
    case 'dismiss':
      return s.open === 0 ? conflict(REPORT_TEXTS.alreadyClosed) : null;
    case 'delete':
      return s.subjectType === 'user' ? badRequest(REPORT_TEXTS.deleteNotPossible) : null;
    case 'warn':
      if (!s.note) return badRequest(REPORT_TEXTS.warnNeedsNote, { note: [REPORT_TEXTS.warnNeedsNote] });
      return s.author ? null : conflict(REPORT_TEXTS.noAuthor);
    case 'suspend':
      if (!s.author) return conflict(REPORT_TEXTS.noAuthor);
      return s.author.role === 'admin' ? conflict(REPORT_TEXTS.cannotActOnAdmin) : null;
    case 'lift':
      if (!s.author) return conflict(REPORT_TEXTS.noAuthor);
      return isSuspended(s.author) ? null : conflict(REPORT_TEXTS.notSuspended);
  }
}
