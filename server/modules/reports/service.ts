import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  REPORT_TEXTS,
  type ReportActionBody,
  type ReportBody,
  type ReportQueueItem,
  type ReportStatus,
  type ReportSubjectType,
} from '../../../contract';
import type { Db } from '../../db/client';
import { reports, users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { actionsAbout, audit } from '../audit';
import type { SessionUser } from '../auth';
import { deleteEventComment } from '../event-social';
import { deleteGear } from '../gear';
import { type NotifyOptions, notify } from '../notifications';
import { deleteComment, deletePost } from '../posts';
import { deleteGalleryItem, disbandTeam } from '../teams';
import { mayAct, mayReport } from './policy';
import { presentSuspension } from './presenters';
import { existing, galleryTeamOf, insertReport, isTeamMember, keyOf, readSubject } from './subjects';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
const asDb = (tx: Tx) => tx as unknown as Db;

/**
 * POST /api/reports: the subject must exist (404) and be someone else's, not a team of the reporter
 * (400); one open report per reporter and subject, held by the unique partial index (409 for the
 * second, however many race). The report keeps a snapshot of the content as it is now.
 *
 * One statement (insertReport) takes the accounts, then the subject's row, then adds the row, in
 * decision 024's order: an admin's delete of the subject either comes first (404 here, nothing
 * kept) or waits for this report, which its action then closes too.
 */
export async function createReport(
  db: Db,
  reporter: SessionUser,
  body: { subjectType: ReportSubjectType; subjectId: string; reason: ReportBody['reason']; note?: string },
): Promise<void> {
  const snapshot = await readSubject(db, body.subjectType, body.subjectId);
  if (!snapshot) throw notFound(REPORT_TEXTS.subjectNotFound);
  const viewerIsMember =
    body.subjectType === 'team' ? await isTeamMember(db, body.subjectId, reporter.id) : false;
  if (!mayReport(reporter, { authorId: snapshot.authorId, viewerIsMember }))
    throw badRequest(REPORT_TEXTS.ownContent);
  const made = await insertReport(db, {
    reporterId: reporter.id,
    subjectType: body.subjectType,
    subjectId: body.subjectId,
    authorId: snapshot.authorId,
    reason: body.reason,
    note: body.note ?? null,
    snapshot,
  });
  if (!made.found) throw notFound(REPORT_TEXTS.subjectNotFound);
  if (!made.id) throw conflict(REPORT_TEXTS.alreadyReported);
}

/** The number of subjects with open reports (the Reports tile). */
export async function openCount(db: Db): Promise<number> {
  const [{ n }] = await db
    .select({ n: sql<number>`count(DISTINCT (${reports.subjectType}, ${reports.subjectId}))::int` })
    .from(reports)
    .where(eq(reports.status, 'open'));
  return Number(n);
}

/**
 * GET /api/admin/reports: the subjects with reports of that status, most reported first (then the
 * latest report), each with its reports, the content as first reported and its author's history.
 * A constant number of queries whatever the page size.
 */
export async function queue(
  db: Db,
  q: { status: ReportStatus; limit: number; only?: { subjectType: ReportSubjectType; subjectId: string } },
): Promise<ReportQueueItem[]> {
  const groups = await db
    .select({
      subjectType: reports.subjectType,
      subjectId: reports.subjectId,
      n: sql<number>`count(*)::int`,
      first: sql<Date>`min(${reports.createdAt})`,
      last: sql<Date>`max(${reports.createdAt})`,
    })
    .from(reports)
    .where(
      and(
        eq(reports.status, q.status),
        q.only
          ? and(eq(reports.subjectType, q.only.subjectType), eq(reports.subjectId, q.only.subjectId))
          : undefined,
      ),
    )
    .groupBy(reports.subjectType, reports.subjectId)
    .orderBy(desc(sql`count(*)`), desc(sql`max(${reports.createdAt})`))
    .limit(q.limit);
  if (groups.length === 0) return [];

  const subjectIds = [...new Set(groups.map((g) => g.subjectId))];
  const reporter = sql`(SELECT username FROM users WHERE users.id = ${reports.reporterId})`;
  const list = await db
    .select({
      id: reports.id,
      subjectType: reports.subjectType,
      subjectId: reports.subjectId,
      reporterId: reports.reporterId,
      reporterUsername: sql<string | null>`${reporter}`,
      authorId: reports.authorId,
      reason: reports.reason,
      note: reports.note,
      snapshot: reports.snapshot,
      createdAt: reports.createdAt,
    })
    .from(reports)
    .where(and(eq(reports.status, q.status), inArray(reports.subjectId, subjectIds)))
    .orderBy(reports.createdAt, reports.id);
  const bySubject = new Map<string, typeof list>();
  for (const r of list) bySubject.set(keyOf(r), [...(bySubject.get(keyOf(r)) ?? []), r]);

  const alive = await existing(db, groups);
  const authorIds = [...new Set(list.map((r) => r.authorId).filter((x): x is string => Boolean(x)))];
  const authors = authorIds.length
    ? await db
        .select({
          id: users.id,
          username: users.username,
          suspendedUntil: users.suspendedUntil,
          suspendedIndefinitely: users.suspendedIndefinitely,
        })
        .from(users)
        .where(inArray(users.id, authorIds))
    : [];
  const authorRows = new Map(authors.map((a) => [a.id, a]));
  const reportCounts = authorIds.length
    ? await db
        .select({
          authorId: reports.authorId,
          subjectType: reports.subjectType,
          subjectId: reports.subjectId,
          n: sql<number>`count(*)::int`,
        })
        .from(reports)
        .where(inArray(reports.authorId, authorIds))
        .groupBy(reports.authorId, reports.subjectType, reports.subjectId)
    : [];
  const history = await actionsAbout(db, authorIds);

  return groups.flatMap((g): ReportQueueItem[] => {
    const items = bySubject.get(keyOf(g)) ?? [];
    if (items.length === 0) return [];
    const first = items[0];
    const latest = items[items.length - 1];
    const authorId = items.find((r) => r.authorId)?.authorId ?? null;
    const a = authorId ? authorRows.get(authorId) : undefined;
    return [
      {
        id: latest.id,
        subjectType: g.subjectType,
        subjectId: g.subjectId,
        status: q.status,
        reportCount: Number(g.n),
        firstReportedAt: new Date(g.first).toISOString(),
        lastReportedAt: new Date(g.last).toISOString(),
        snapshot: first.snapshot,
        subjectExists: alive.has(keyOf(g)),
        reports: items.map((r) => ({
          id: r.id,
          reporterId: r.reporterId,
          reporterUsername: r.reporterUsername,
          reason: r.reason,
          note: r.note,
          createdAt: r.createdAt.toISOString(),
        })),
        author:
          authorId && a
            ? {
                id: authorId,
                username: a.username,
                suspendedUntil: presentSuspension(a),
                earlierReports: reportCounts
                  .filter((c) => c.authorId === authorId && keyOf(c) !== keyOf(g))
                  .reduce((sum, c) => sum + Number(c.n), 0),
                actions: history.get(authorId) ?? [],
              }
            : null,
      },
    ];
  });
}

export interface ActionResult {
  item: ReportQueueItem | null;
  /** The player whose sessions must be forgotten (a suspension changed). */
  changedUser: string | null;
  /** The content deleted changes feeds. */
  deleted: boolean;
}

/**
 * POST /api/admin/reports/{id}/actions: the action on the report's subject and its author, the
 * subject's open reports closed, and the audit log row, in ONE transaction: a refusal (4xx) or a
 * failure changes nothing.
 */
export async function act(
  db: Db,
  admin: SessionUser,
  reportId: string,
  body: { action: ReportActionBody['action']; days?: 1 | 7; note?: string },
  notice: NotifyOptions,
): Promise<ActionResult> {
  const result = await db.transaction(async (t) => {
    const tx = asDb(t);
    const [report] = await tx.select().from(reports).where(eq(reports.id, reportId));
    if (!report) throw notFound(REPORT_TEXTS.reportNotFound);
    const subject = { subjectType: report.subjectType, subjectId: report.subjectId };
    const openOfSubject = and(
      eq(reports.subjectType, report.subjectType),
      eq(reports.subjectId, report.subjectId),
      eq(reports.status, 'open'),
    );
    const authorId =
      report.authorId ??
      (report.snapshot.authorId && report.subjectType === 'user' ? report.subjectId : null);
    // Decision 024's order: the account first, then the rows that name it. An account deletion
    // takes the author's row and then cascades into their reports and content; a new report takes
    // the accounts (createReport) before the subject. The account is read (again) under its lock.
    const author = authorId
      ? (await tx.select().from(users).where(eq(users.id, authorId)).for('no key update'))[0]
      : undefined;
    // Then the subject's open reports, locked: two admins acting at once close them once.
    const open = await tx.select({ id: reports.id }).from(reports).where(openOfSubject).for('update');
    const note = body.note ?? null;
    const close = async (resolution: string) => {
      if (open.length === 0) return;
      await tx
        .update(reports)
        .set({ status: 'closed', closedAt: new Date(), closedBy: admin.id, resolution })
        .where(openOfSubject);
    };
    const write = (data: Record<string, unknown> = {}) =>
      audit(tx, {
        adminId: admin.id,
        action: `report.${body.action}`,
        ...subject,
        targetUserId: author?.id ?? null,
        note,
        data: { reportId, reportsClosed: body.action === 'lift' ? 0 : open.length, ...data },
      });
    const refusal = mayAct(body.action, { open: open.length, author, note, subjectType: report.subjectType });
    if (refusal) throw refusal;

    let changedUser: string | null = null;
    let deleted = false;
    switch (body.action) {
      case 'dismiss':
        await close('dismiss');
        await write();
        break;
      case 'delete': {
        const snapshot = await readSubject(tx, report.subjectType, report.subjectId);
        if (!snapshot) throw notFound(REPORT_TEXTS.subjectNotFound);
        await deleteSubject(tx, admin, report.subjectType, report.subjectId);
        deleted = true;
        await close('delete');
        await write({ snapshot });
        break;
      }
      case 'warn':
        if (!author) throw conflict(REPORT_TEXTS.noAuthor);
        await notify(
          tx,
          { recipientIds: [author.id], kind: 'warning', data: { excerpt: note ?? '' } },
          notice,
        );
        await close('warn');
        await write();
        break;
      case 'suspend': {
        if (!author) throw conflict(REPORT_TEXTS.noAuthor);
        const until = body.days ? new Date(Date.now() + body.days * 86_400_000) : null;
        await tx
          .update(users)
          .set({ suspendedUntil: until, suspendedIndefinitely: until === null, suspensionReason: note })
          .where(eq(users.id, author.id));
        changedUser = author.id;
        await close('suspend');
        await write({ days: body.days ?? null, until: until?.toISOString() ?? 'indefinite' });
        break;
      }
      case 'lift':
        if (!author) throw conflict(REPORT_TEXTS.noAuthor);
        await tx
          .update(users)
          .set({ suspendedUntil: null, suspendedIndefinitely: false, suspensionReason: null })
          .where(eq(users.id, author.id));
        changedUser = author.id;
        await write();
        break;
    }
    return { subject, changedUser, deleted };
  });
  const status: ReportStatus = body.action === 'lift' ? 'open' : 'closed';
  const [item] = await queue(db, { status, limit: 1, only: result.subject });
  const [closedItem] = item ? [item] : await queue(db, { status: 'closed', limit: 1, only: result.subject });
  return { item: closedItem ?? null, changedUser: result.changedUser, deleted: result.deleted };
}

/** Deletes the content through its own area's service (the admin may delete any). */
async function deleteSubject(tx: Db, admin: SessionUser, type: ReportSubjectType, id: string): Promise<void> {
  switch (type) {
    case 'post':
      return deletePost(tx, admin, id, { audited: true });
    case 'comment':
      return deleteComment(tx, admin, id, { audited: true });
    case 'team':
      return disbandTeam(tx, admin, id, { audited: true });
    case 'gear':
      return deleteGear(tx, admin, id, { audited: true });
    case 'teamGalleryImage': {
      const teamId = await galleryTeamOf(tx, id);
      if (!teamId) throw notFound(REPORT_TEXTS.subjectNotFound);
      return deleteGalleryItem(tx, admin, teamId, id, { audited: true });
    }
    case 'eventComment':
      return deleteEventComment(tx, admin, null, id, { audited: true });
    case 'user':
      throw badRequest(REPORT_TEXTS.deleteNotPossible);
  }
}
