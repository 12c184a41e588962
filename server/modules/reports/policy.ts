import {
  REPORT_TEXTS,
  type ReportAction,
  type ReportSnapshot,
  type ReportSubjectType,
} from '../../../contract';
import type { users } from '../../db/schema';
import { badRequest, conflict, type HttpError } from '../../errors';
import { isSuspended, type SessionUser } from '../auth';

/** A player reports anything but themself and their own content. */
export const mayReport = (reporter: SessionUser, subject: ReportSnapshot) => subject.authorId !== reporter.id;

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
