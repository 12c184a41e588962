import { randomBytes } from 'node:crypto';
import { and, eq, lte, ne, or, sql } from 'drizzle-orm';
import {
  AUTH_CONFIRM_TEXTS,
  AUTH_TEXTS,
  type ChangePasswordBody,
  type LoginBody,
  REGISTRATION_CONFIRM_HOURS,
  type RegisterBody,
} from '../../../contract';
import type { Db } from '../../db/client';
import { rows } from '../../db/rows';
import {
  adminGrants,
  calendarTokens,
  pendingRegistrations,
  teamMembers,
  teams,
  userSessions,
  users,
} from '../../db/schema';
import {
  badRequest,
  conflict,
  HttpError,
  transientConflict,
  unauthorized,
  uniqueViolation,
} from '../../errors';
import { queueAccountMail, signupAttemptMail, signupConfirmMail } from './mails';
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
const usernameTaken = () => conflict(AUTH_TEXTS.usernameTaken, { username: [AUTH_TEXTS.usernameTaken] });

/**
 * The checks every registration passes before anything is written, in this order: a common
 * password (400), a listed admin name whose grant is bound (409), a username held by an account or
 * by another address's registration still waiting for its link (409). Answers whether the name is
 * listed and the account already holding the email, if any (its id and address).
 */
async function checkRegistration(db: Db, body: RegisterBody, adminUsernames: string[]) {
  if (isCommonPassword(body.password))
    throw badRequest(AUTH_TEXTS.commonPassword, { password: [AUTH_TEXTS.commonPassword] });
  const listed = isListedAdminName(body.username, adminUsernames);
  if (listed && (await grantUsed(db, body.username))) throw reserved();
  const taken = await db
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .where(
      or(
        sql`lower(${users.username}) = lower(${body.username})`,
        sql`lower(${users.email}) = lower(${body.email})`,
      ),
    )
    .limit(2);
  if (taken.some((u) => u.username.toLowerCase() === body.username.toLowerCase())) throw usernameTaken();
  const [held] = await db
    .select({ id: pendingRegistrations.id })
    .from(pendingRegistrations)
    .where(
      and(
        sql`lower(${pendingRegistrations.username}) = lower(${body.username})`,
        sql`lower(${pendingRegistrations.email}) <> lower(${body.email})`,
        sql`${pendingRegistrations.expiresAt} > now()`,
      ),
    )
    .limit(1);
  if (held) throw usernameTaken();
  return { listed, owner: taken[0] ?? null };
}

/**
 * Writes the account (its password already hashed). A name listed in ADMIN_USERNAMES whose grant
 * is unused makes this account the admin, bound by id in the same transaction (the grant's primary
 * key lets one registration win); once bound, the name is reserved. `db` may be a transaction.
 */
async function insertAccount(
  db: Db,
  account: { username: string; email: string; password: string },
  listed: boolean,
): Promise<SessionUser> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ username: account.username, email: account.email, password: account.password, role: 'user' })
      .returning();
    if (!listed) return user;
    const [grant] = await tx
      .insert(adminGrants)
      .values({ name: account.username.toLowerCase(), userId: user.id })
      .onConflictDoNothing()
      .returning();
    if (!grant) throw reserved();
    const [admin] = await tx.update(users).set({ role: 'admin' }).where(eq(users.id, user.id)).returning();
    return admin;
  });
}

/**
 * Creates the account at once (no SMTP_URL: development, the demo, the tests; and the demo seed):
 * a known email answers 409, as there is no way to tell its owner (docs/security.md).
 */
export async function register(db: Db, body: RegisterBody, adminUsernames: string[]): Promise<SessionUser> {
  const { listed, owner } = await checkRegistration(db, body, adminUsernames);
  if (owner) throw conflict(AUTH_TEXTS.emailTaken, { email: [AUTH_TEXTS.emailTaken] });
  const password = await hashPassword(body.password);
  try {
    return await insertAccount(db, { username: body.username, email: body.email, password }, listed);
  } catch (err) {
    // Two registrations racing for the same name: the unique index decides.
    throw userConflict(err) ?? err;
  }
}

/** How long a registration's link works. */
export const REGISTRATION_TTL_MS = REGISTRATION_CONFIRM_HOURS * 3_600_000;

/**
 * Registration confirmed by email (SMTP_URL set; issue 24, decision 031): the same for a new and a
 * known email, so that the answer says nothing of which it was. Both hash the password (its cost
 * is the time of the answer) and queue one mail: a new email gets a registration waiting for its
 * link (replacing one this address had) and the link; a known one's owner is told someone tried,
 * and that they can sign in. The username stays explicit (409), as it is public anyway.
 */
export async function registerByEmail(
  db: Db,
  body: RegisterBody,
  adminUsernames: string[],
  publicUrl: string,
  now = new Date(),
): Promise<void> {
  const { owner } = await checkRegistration(db, body, adminUsernames);
  const password = await hashPassword(body.password);
  if (owner) {
    await queueAccountMail(db, {
      kind: 'signup-attempt',
      to: owner.email,
      userId: owner.id,
      content: signupAttemptMail(publicUrl),
    });
    return;
  }
  const token = randomBytes(32).toString('base64url');
  try {
    await db.transaction(async (tx) => {
      // This address's waiting registration is replaced; an expired one holding the name goes.
      await tx
        .delete(pendingRegistrations)
        .where(
          or(
            sql`lower(${pendingRegistrations.email}) = lower(${body.email})`,
            and(
              sql`lower(${pendingRegistrations.username}) = lower(${body.username})`,
              sql`${pendingRegistrations.expiresAt} <= now()`,
            ),
          ),
        );
      const [pending] = await tx
        .insert(pendingRegistrations)
        .values({
          username: body.username,
          email: body.email,
          password,
          tokenHash: hashToken(token),
          expiresAt: new Date(now.getTime() + REGISTRATION_TTL_MS),
        })
        .returning({ id: pendingRegistrations.id });
      await queueAccountMail(tx as unknown as Db, {
        kind: 'signup-confirm',
        to: body.email,
        pendingRegistrationId: pending.id,
        content: signupConfirmMail(publicUrl, body.username, token),
      });
    });
  } catch (err) {
    const constraint = uniqueViolation(err);
    if (constraint === null) throw err;
    // Another address's registration took the name a moment before: explicit, as for an account.
    if (constraint.includes('username')) throw usernameTaken();
    // The same address registering twice at once: the other one stands, and its mail goes.
  }
}

/**
 * Follows a registration's link (POST /api/register/confirm): a waiting, unexpired registration
 * becomes the account as register() makes it, and is deleted, in one transaction that locks its
 * row (two confirmations at once: one account, the other finds no row: 400). Expired or unknown:
 * 400. The username or email taken meanwhile: 409 naming it (the link proves the address), and the
 * registration goes.
 */
export async function confirmRegistration(
  db: Db,
  token: string,
  adminUsernames: string[],
): Promise<SessionUser> {
  let pendingId: string | null = null;
  try {
    return await db.transaction(async (tx) => {
      const [pending] = await rows<{
        id: string;
        username: string;
        email: string;
        password: string;
        live: boolean;
      }>(
        tx as unknown as Db,
        sql`SELECT id, username, email, password, expires_at > now() AS live
            FROM ${pendingRegistrations} WHERE token_hash = ${hashToken(token)} FOR UPDATE`,
      );
      if (!pending?.live) throw badRequest(AUTH_CONFIRM_TEXTS.confirmExpired);
      pendingId = pending.id;
      const listed = isListedAdminName(pending.username, adminUsernames);
      const user = await insertAccount(tx as unknown as Db, pending, listed);
      await tx.delete(pendingRegistrations).where(eq(pendingRegistrations.id, pending.id));
      return user;
    });
  } catch (err) {
    const refused = userConflict(err) ?? (err instanceof HttpError && err.statusCode === 409 ? err : null);
    if (refused && pendingId)
      await db.delete(pendingRegistrations).where(eq(pendingRegistrations.id, pendingId));
    throw refused ?? err;
  }
}

/** Deletes the registrations whose link expired (housekeeping); answers how many went. */
export async function deleteExpiredRegistrations(db: Db, now = new Date()): Promise<number> {
  const gone = await db
    .delete(pendingRegistrations)
    .where(lte(pendingRegistrations.expiresAt, now))
    .returning({ id: pendingRegistrations.id });
  return gone.length;
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
