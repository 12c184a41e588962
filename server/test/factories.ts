import { randomBytes } from 'node:crypto';
import type { App } from '../context';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { createSession, hashPassword } from '../modules/auth';

export const TEST_PASSWORD = 'correct-horse-battery';
let hashed: Promise<string> | null = null;

export interface TestUser {
  id: string;
  username: string;
  email: string;
  role: string;
  /** Cookie header for requests as this user. */
  cookie: string;
}

/** A user straight in the database (password TEST_PASSWORD), signed in. */
export async function createUser(
  db: Db,
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<TestUser> {
  hashed ??= hashPassword(TEST_PASSWORD);
  const suffix = randomBytes(4).toString('hex');
  const [u] = await db
    .insert(users)
    .values({
      username: `player_${suffix}`,
      email: `player_${suffix}@example.test`,
      password: await hashed,
      ...overrides,
    })
    .returning();
  const token = await createSession(db, u.id);
  return { id: u.id, username: u.username, email: u.email, role: u.role, cookie: `sid=${token}` };
}

export const createAdmin = (db: Db, overrides: Partial<typeof users.$inferInsert> = {}) =>
  createUser(db, { role: 'admin', ...overrides });

/** Registers through the API, as a client would. */
export function registerViaApi(app: App, body: { username: string; email: string; password: string }) {
  return app.inject({ method: 'POST', url: '/api/register', payload: body });
}
