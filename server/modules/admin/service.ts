import { asc, eq, sql } from 'drizzle-orm';
import { ADMIN_TEXTS, type AdminUser, type UserRole } from '../../../contract';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { audit } from '../audit';
import { mayRevokeAdmin } from './policy';

const columns = { id: users.id, username: users.username, avatar: users.avatar, role: users.role };
const present = (u: { id: string; username: string; avatar: string | null; role: string }): AdminUser => ({
  ...u,
  role: u.role === 'admin' ? 'admin' : 'user',
});

/** With a query: up to 10 players whose name contains it; without: the admins. */
export async function findUsers(db: Db, q: string | undefined): Promise<AdminUser[]> {
  const rows = q
    ? await db
        .select(columns)
        .from(users)
        .where(sql`lower(${users.username}) LIKE ${`%${q.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`}`)
        .orderBy(sql`lower(${users.username}) <> ${q.toLowerCase()}`, asc(users.username))
        .limit(10)
    : await db
        .select(columns)
        .from(users)
        .where(eq(users.role, 'admin'))
        .orderBy(asc(users.username))
        .limit(100);
  return rows.map(present);
}

/**
 * Grants or revokes the admin role. Serialised by an advisory lock, so two admins revoking each
 * other at once cannot leave none: the last admin cannot lose the role (409).
 */
export async function setRole(db: Db, adminId: string, userId: string, role: UserRole): Promise<AdminUser> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('admin-role'))`);
    const [target] = await tx.select(columns).from(users).where(eq(users.id, userId));
    if (!target) throw notFound(ADMIN_TEXTS.userNotFound);
    if (role === 'user' && target.role === 'admin') {
      const [{ n }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(sql`${users.role} = 'admin' AND ${users.id} <> ${userId}`);
      if (!mayRevokeAdmin(Number(n))) throw conflict(ADMIN_TEXTS.lastAdmin);
    }
    const [updated] = await tx.update(users).set({ role }).where(eq(users.id, userId)).returning(columns);
    if (target.role !== role)
      await audit(tx as unknown as Db, {
        adminId,
        action: role === 'admin' ? 'role.grant' : 'role.revoke',
        subjectType: 'user',
        subjectId: userId,
        targetUserId: userId,
        data: { username: target.username },
      });
    return present(updated);
  });
}
