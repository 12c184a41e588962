import { and, eq, ne, or, sql } from 'drizzle-orm';
import { AUTH_TEXTS, type ChangePasswordBody, type LoginBody, type RegisterBody } from '../../../contract';
import type { Db } from '../../db/client';
import { rows } from '../../db/rows';
import { adminGrants, calendarTokens, teamMembers, teams, userSessions, users } from '../../db/schema';
import { badRequest, conflict, transientConflict, unauthorized, uniqueViolation } from '../../errors';
import { dummyVerify, hashPassword, isCommonPassword, verifyPassword } from './passwords';
import { isListedAdminName } from './policy';
import { hashToken, type SessionUser } from './sessions';

/** Which field a unique violation on users is about, with the message that says so. */
export function userConflict(err: unknown) {
  const constraint = uniqueViolation(err);
  if (constraint === null) return null;
  if (constraint.includes('email'))
    return conflict(AUTH_TEXTS.emailTaken, { email: [AUTH_TEXTS.emailTaken] });
  return conflict(AUTH_TEXTS.usernameTaken, { username: [AUTH_TEXTS.usernameTaken] });
}

/** A listed admin name whose one-time grant is already bound to an account. */
async function grantUsed(db: Db, name: string): Promise<boolean> {
  const [row] = await db
    .select({ name: adminGrants.name })
    .from(adminGrants)
    .where(eq(adminGrants.name, name.toLowerCase()));
  return !!row;
}

const reserved = () => conflict(AUTH_TEXTS.usernameReserved, { username: [AUTH_TEXTS.usernameReserved] });

/**
 * Creates the account. A name listed in ADMIN_USERNAMES whose grant is unused makes this account
 * the admin, bound by id in the same transaction (the grant's primary key lets one registration
 * win); once bound, the name is reserved.
 */
export async function register(db: Db, body: RegisterBody, adminUsernames: string[]): Promise<SessionUser> {
  if (isCommonPassword(body.password))
    throw badRequest(AUTH_TEXTS.commonPassword, { password: [AUTH_TEXTS.commonPassword] });
  const listed = isListedAdminName(body.username, adminUsernames);
  if (listed && (await grantUsed(db, body.username))) throw reserved();
  const taken = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(
      or(
        sql`lower(${users.username}) = lower(${body.username})`,
        sql`lower(${users.email}) = lower(${body.email})`,
      ),
    )
    .limit(2);
  if (taken.some((u) => u.username.toLowerCase() === body.username.toLowerCase()))
    throw conflict(AUTH_TEXTS.usernameTaken, { username: [AUTH_TEXTS.usernameTaken] });
  if (taken.length > 0) throw conflict(AUTH_TEXTS.emailTaken, { email: [AUTH_TEXTS.emailTaken] });
  const password = await hashPassword(body.password);
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ username: body.username, email: body.email, password, role: 'user' })
        .returning();
      if (!listed) return user;
      const [grant] = await tx
        .insert(adminGrants)
        .values({ name: body.username.toLowerCase(), userId: user.id })
        .onConflictDoNothing()
        .returning();
      if (!grant) throw reserved();
      const [admin] = await tx.update(users).set({ role: 'admin' }).where(eq(users.id, user.id)).returning();
      return admin;
    });
  } catch (err) {
    // Two registrations racing for the same name: the unique index decides.
    throw userConflict(err) ?? err;
  }
}

/** A wrong username and a wrong password give the same answer, after the same work. */
export async function login(db: Db, body: LoginBody): Promise<SessionUser> {
  const [user] = await db
    .select()
    .from(users)
    .where(
      or(
        sql`lower(${users.username}) = lower(${body.username})`,
        sql`lower(${users.email}) = lower(${body.username})`,
      ),
    )
    .limit(1);
  if (!user) {
    await dummyVerify(body.password);
    throw unauthorized(AUTH_TEXTS.invalidCredentials);
  }
  if (!(await verifyPassword(user.password, body.password)))
    throw unauthorized(AUTH_TEXTS.invalidCredentials);
  return user;
}

/**
 * Deletes the account; rows that depend on it cascade or are set null (SPEC §3). Deletions run one
 * at a time (two accounts that like and follow each other cascade into each other's rows in
 * opposite orders), and one chosen as a deadlock's victim by a concurrent write is tried again:
 * the deletion is one transaction, so a retry starts from the same state (decision 024).
 */
export async function deleteAccount(db: Db, userId: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${ACCOUNT_DELETION_LOCK})`);
        // A leader of a team with other members hands it over or disbands it first (issue 24: the
        // team was left with nobody to manage it). Their teams' rows are locked, as a join locks
        // them, so nobody joins between the look and the deletion; a team of one stays as before.
        const led = await rows<{ name: string }>(
          tx as unknown as Db,
          sql`SELECT t.name FROM ${teams} t JOIN ${teamMembers} m ON m.team_id = t.id
              WHERE m.user_id = ${userId} AND m.role = 'leader'
              ORDER BY t.id FOR NO KEY UPDATE OF t`,
        );
        if (led.length > 0) {
          const crowded = await rows<{ name: string }>(
            tx as unknown as Db,
            sql`SELECT DISTINCT t.name FROM ${teams} t JOIN ${teamMembers} m ON m.team_id = t.id
                WHERE m.user_id = ${userId} AND m.role = 'leader'
                  AND EXISTS (SELECT 1 FROM ${teamMembers} o WHERE o.team_id = t.id AND o.user_id <> ${userId})`,
          );
          if (crowded.length > 0)
            throw conflict(AUTH_TEXTS.leaderMustHandOver, { teams: crowded.map((r) => r.name) });
        }
        await tx.delete(users).where(eq(users.id, userId));
      });
      return;
    } catch (err) {
      if (attempt >= 3 || !transientConflict(err)) throw err;
    }
  }
}

/** The advisory lock that runs account deletions one at a time. */
const ACCOUNT_DELETION_LOCK = 726355;

/**
 * At start: each listed name whose grant is unused goes to the account holding that name now, if
 * any, and is bound to its id. A grant already used is never moved, whoever holds the name later.
 */
export async function bootstrapAdmins(db: Db, adminUsernames: string[]): Promise<string[]> {
  const granted: string[] = [];
  for (const name of adminUsernames) {
    await db.transaction(async (tx) => {
      const [holder] = await tx
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(sql`lower(${users.username}) = ${name}`)
        .limit(1);
      if (!holder) return;
      const [grant] = await tx
        .insert(adminGrants)
        .values({ name, userId: holder.id })
        .onConflictDoNothing()
        .returning();
      if (!grant) return;
      await tx.update(users).set({ role: 'admin' }).where(eq(users.id, holder.id));
      granted.push(holder.username);
    });
  }
  return granted;
}

/**
 * Changes the password when the current one is right (400 on the field otherwise), and ends every
 * other session of the account; the session making the change stays.
 */
export async function changePassword(
  db: Db,
  user: SessionUser,
  currentToken: string,
  body: ChangePasswordBody,
): Promise<void> {
  const [row] = await db.select({ password: users.password }).from(users).where(eq(users.id, user.id));
  if (!row || !(await verifyPassword(row.password, body.currentPassword)))
    throw badRequest(AUTH_TEXTS.wrongCurrentPassword, { currentPassword: [AUTH_TEXTS.wrongCurrentPassword] });
  if (isCommonPassword(body.newPassword))
    throw badRequest(AUTH_TEXTS.commonPassword, { newPassword: [AUTH_TEXTS.commonPassword] });
  const password = await hashPassword(body.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ password }).where(eq(users.id, user.id));
    await revokeOtherSessions(tx as unknown as Db, user.id, currentToken);
  });
}

/**
 * Ends every session of the user but the one holding `currentToken`, and their calendar feed's
 * secret address (issue 24: it outlived a password change), which they make afresh in Settings.
 */
export async function revokeOtherSessions(db: Db, userId: string, currentToken: string): Promise<void> {
  await db
    .delete(userSessions)
    .where(and(eq(userSessions.userId, userId), ne(userSessions.tokenHash, hashToken(currentToken))));
  await db.delete(calendarTokens).where(eq(calendarTokens.userId, userId));
}
