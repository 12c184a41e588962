/**
 * The demo's reports (issue 24): the admin's review queue is not empty on a first look. A swap-meet
 * post reported by three players as an illegal sale, a gear photo reported as a stock picture, and
 * an older report on a comment that the admin dismissed (its audit entry shows in the log). Made
 * through the reports service, so the snapshots and the audit rows are the real ones; dated after.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditLog, comments, gearPosts, posts, reports } from '../db/schema';
import type { SessionUser } from '../modules/auth';
import { act, createReport } from '../modules/reports/service';
import { DEMO_NOTICE } from './community';

const HOUR = 3_600_000;

/** The post the demo's reporters flag (server/demo/data/posts.ts). */
export const DEMO_REPORTED_POST = 'Anyone heading to the SoCal swap meet';

export async function seedReports(db: Db, players: Map<string, SessionUser>, admin: SessionUser, now: Date) {
  const others = (authorId: string | null) =>
    [...players.values()].filter((p) => p.id !== authorId && p.id !== admin.id && p.role !== 'admin');
  const dated = async (subjectId: string, reporterId: string, hoursAgo: number) =>
    db
      .update(reports)
      .set({ createdAt: new Date(now.getTime() - hoursAgo * HOUR) })
      .where(and(eq(reports.subjectId, subjectId), eq(reports.reporterId, reporterId)));

  const [post] = await db
    .select({ id: posts.id, userId: posts.userId })
    .from(posts)
    .where(sql`${posts.caption} LIKE ${`${DEMO_REPORTED_POST}%`}`)
    .limit(1);
  if (post) {
    const reasons = [
      { reason: 'illegal-sale' as const, note: 'Trading magazines by mail may not be legal in every state.' },
      { reason: 'illegal-sale' as const, note: undefined },
      { reason: 'spam' as const, note: 'Same post in three groups this week.' },
    ];
    for (const [i, reporter] of others(post.userId).slice(0, reasons.length).entries()) {
      await createReport(db, reporter, { subjectType: 'post', subjectId: post.id, ...reasons[i] });
      await dated(post.id, reporter.id, 20 - i * 6);
    }
  }

  const [gear] = await db.select({ id: gearPosts.id, userId: gearPosts.userId }).from(gearPosts).limit(1);
  if (gear) {
    const [reporter] = others(gear.userId).slice(3, 4);
    await createReport(db, reporter, {
      subjectType: 'gear',
      subjectId: gear.id,
      reason: 'other',
      note: 'This photo looks like the store listing, not the player’s own kit.',
    });
    await dated(gear.id, reporter.id, 5);
  }

  // An older report, already dismissed: the queue's Closed tab and the audit log show it.
  const [comment] = await db.select({ id: comments.id, userId: comments.userId }).from(comments).limit(1);
  if (comment) {
    const [reporter] = others(comment.userId).slice(4, 5);
    await createReport(db, reporter, { subjectType: 'comment', subjectId: comment.id, reason: 'harassment' });
    await dated(comment.id, reporter.id, 50);
    const [report] = await db
      .select({ id: reports.id })
      .from(reports)
      .where(and(eq(reports.subjectId, comment.id), eq(reports.reporterId, reporter.id)));
    await act(
      db,
      admin,
      report.id,
      { action: 'dismiss', note: 'Friendly banter between teammates; nothing against the rules.' },
      DEMO_NOTICE,
    );
    const dismissedAt = new Date(now.getTime() - 46 * HOUR);
    await db.update(reports).set({ closedAt: dismissedAt }).where(eq(reports.id, report.id));
    await db.update(auditLog).set({ createdAt: dismissedAt }).where(eq(auditLog.action, 'report.dismiss'));
  }
}
