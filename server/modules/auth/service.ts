import { eq, inArray, or, sql } from 'drizzle-orm';
import type { LoginBody, RegisterBody } from '../../../contract';
import { TEXTS } from '../../../contract';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { badRequest, conflict, unauthorized, uniqueViolation } from '../../errors';
import { dummyVerify, hashPassword, isCommonPassword, verifyPassword } from './passwords';
import { roleFor } from './policy';
import type { SessionUser } from './sessions';

/** Which field a unique violation on users is about, with the message that says so. */
export function userConflict(err: unknown) {
  const constraint = uniqueViolation(err);
  if (constraint === null) return null;
  if (constraint.includes('email')) return conflict(TEXTS.emailTaken, { email: [TEXTS.emailTaken] });
  return conflict(TEXTS.usernameTaken, { username: [TEXTS.usernameTaken] });
}

export async function register(db: Db, body: RegisterBody, adminUsernames: string[]): Promise<SessionUser> {
  if (isCommonPassword(body.password))
    throw badRequest(TEXTS.commonPassword, { password: [TEXTS.commonPassword] });
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
    throw conflict(TEXTS.usernameTaken, { username: [TEXTS.usernameTaken] });
  if (taken.length > 0) throw conflict(TEXTS.emailTaken, { email: [TEXTS.emailTaken] });

  const password = await hashPassword(body.password);
  try {
    const [user] = await db
      .insert(users)
      .values({
        username: body.username,
        email: body.email,
        password,
        role: roleFor(body.username, adminUsernames),
      })
      .returning();
    return user;
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
    throw unauthorized(TEXTS.invalidCredentials);
  }
  if (!(await verifyPassword(user.password, body.password))) throw unauthorized(TEXTS.invalidCredentials);
  return user;
}

/** Deletes the account; rows that depend on it cascade or are set null (SPEC §3). */
export async function deleteAccount(db: Db, userId: string): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}

/** ADMIN_USERNAMES grants the admin role at every start. */
export async function grantAdmins(db: Db, adminUsernames: string[]): Promise<void> {
  if (adminUsernames.length === 0) return;
  await db
    .update(users)
    .set({ role: 'admin' })
    .where(inArray(sql`lower(${users.username})`, adminUsernames));
}
