import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { SessionStore, SessionUser } from '../../context';
import type { Db } from '../../db/client';
import { userSessions, users } from '../../db/schema';

export const SESSION_COOKIE = 'sid';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** However often it is used, a session ends this long after sign-in. */
export const SESSION_MAX_AGE_MS = 90 * 24 * 60 * 60 * 1000;
/** Sliding expiry: a session seen again after this long gets a fresh 30 days. */
const REFRESH_AFTER_MS = 60 * 60 * 1000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export type { SessionUser };

/** Creates a session; answers the raw 256-bit token (only its hash is stored). */
export async function createSession(db: Db, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(userSessions).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  return token;
}

/**
 * The user behind a token, or null; extends the expiry when the session is in use. With a cache,
 * a session resolved in the last few seconds costs no query.
 */
export async function resolveSession(
  db: Db,
  token: string,
  cache?: SessionStore,
): Promise<SessionUser | null> {
  if (!token || token.length > 100) return null;
  const tokenHash = hashToken(token);
  const cached = cache?.get(tokenHash);
  if (cached) return cached;
  const stamp = cache?.stamp();
  const now = Date.now();
  const rows = await db
    .select({
      user: users,
      sessionId: userSessions.id,
      lastSeenAt: userSessions.lastSeenAt,
      createdAt: userSessions.createdAt,
    })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .where(
      and(
        eq(userSessions.tokenHash, tokenHash),
        gt(userSessions.expiresAt, new Date(now)),
        gt(userSessions.createdAt, new Date(now - SESSION_MAX_AGE_MS)),
      ),
    )
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  if (now - row.lastSeenAt.getTime() > REFRESH_AFTER_MS) {
    await db
      .update(userSessions)
      .set({ lastSeenAt: new Date(now), expiresAt: slidingExpiry(row.createdAt, now) })
      .where(eq(userSessions.id, row.sessionId));
  }
  cache?.set(tokenHash, row.user, stamp);
  return row.user;
}

/** 30 days from now, but never past the absolute lifetime counted from sign-in. */
export const slidingExpiry = (createdAt: Date, now = Date.now()) =>
  new Date(Math.min(now + SESSION_TTL_MS, createdAt.getTime() + SESSION_MAX_AGE_MS));

export async function revokeSession(db: Db, token: string, cache?: SessionStore): Promise<void> {
  cache?.forgetToken(hashToken(token));
  await db.delete(userSessions).where(eq(userSessions.tokenHash, hashToken(token)));
}
