import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_CONFIRM_TEXTS, AUTH_TEXTS } from '../../../contract';
import { rows } from '../../db/rows';
import { pendingRegistrations, users } from '../../db/schema';
import type { Db } from '../../db/types';
import { createTestApp, sessionCookie, type TestApp } from '../../test/app';
import { createUser, injectAs, registerViaApi } from '../../test/factories';
import { startTestSmtp, type TestSmtp } from '../../test/smtp';
import { runHousekeeping } from '../housekeeping';
import { ACCOUNT_MAIL_TEXTS } from './mails';

const PUBLIC_URL = 'https://airsoft.example.test';
const FROM = '"Airsoft Community" <noreply@example.test>';

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

let t: TestApp;
let smtp: TestSmtp;
let db: Db;
beforeAll(async () => {
  smtp = await startTestSmtp((close) => cleanups.push(close));
  t = await createTestApp({
    config: { mail: { smtpUrl: smtp.url, from: FROM, publicUrl: PUBLIC_URL, pollMs: 50 } },
  });
  cleanups.push(() => t.close());
  db = t.database.db;
});

const body = (n: string, email = `${n}@example.test`) => ({
  username: n,
  email,
  password: 'a-strong-pass-123',
});
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000, interval: 20 });
const mailsTo = (address: string) =>
  smtp.mails.filter((m) => m.to.some((to) => to.toLowerCase() === address.toLowerCase()));
const confirm = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/register/confirm', payload: { token } });

/** The token of the last confirmation link mailed to `address`. */
async function linkTo(address: string): Promise<string> {
  await eventually(() => mailsTo(address).length).toBeGreaterThan(0);
  const mail = mailsTo(address).at(-1)!;
  const match = /\/auth\/confirm\?token=([A-Za-z0-9_-]+)/.exec(mail.parsed.text ?? '');
  if (!match) throw new Error(`no link in: ${mail.parsed.text}`);
  return match[1];
}

/** The headers an answer sends, but the ones that vary by request anyway (date, request id, length). */
const stableHeaders = (h: Record<string, unknown>) => {
  const { date, 'x-request-id': _id, 'content-length': _len, ...rest } = h;
  return rest;
};

const userCount = async () => (await db.select({ id: users.id }).from(users)).length;

describe('registration with SMTP_URL set (issue 24: no email enumeration)', () => {
  it('answers a new and a known email alike: 202, the same body and headers, no cookie', async () => {
    const owner = await createUser(db, { email: 'known@example.test' });
    const before = await userCount();
    const fresh = await registerViaApi(t.app, body('newcomer', 'unknown@example.test'));
    const known = await registerViaApi(t.app, body('someone_else', 'KNOWN@example.test'));
    for (const res of [fresh, known]) {
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ message: AUTH_CONFIRM_TEXTS.checkEmail });
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.headers['cache-control']).toMatch(/no-store/);
    }
    expect(fresh.body).toBe(known.body);
    expect(stableHeaders(fresh.headers)).toEqual(stableHeaders(known.headers));
    // No account yet for either.
    expect(await userCount()).toBe(before);
    const [pending] = await db
      .select()
      .from(pendingRegistrations)
      .where(eq(pendingRegistrations.email, 'unknown@example.test'));
    expect(pending.username).toBe('newcomer');
    expect(pending.password).toMatch(/^\$argon2id\$/);
    expect(pending.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(pending.expiresAt.getTime() - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    // The known one is told someone tried; no registration waits for it.
    await eventually(() => mailsTo(owner.email).length).toBe(1);
    const notice = mailsTo(owner.email)[0];
    expect(notice.parsed.subject).toBe(ACCOUNT_MAIL_TEXTS.attemptSubject);
    expect(notice.parsed.text).toContain(ACCOUNT_MAIL_TEXTS.attemptIgnore);
    expect(notice.parsed.text).toContain(`${PUBLIC_URL}/auth`);
    expect(notice.parsed.text).not.toContain('/auth/confirm');
    expect(notice.header('list-unsubscribe')).toBeUndefined();
    const waiting = await db
      .select()
      .from(pendingRegistrations)
      .where(sql`lower(${pendingRegistrations.email}) = 'known@example.test'`);
    expect(waiting).toHaveLength(0);
    // The new one gets the link, and its token is kept only as its SHA-256.
    const token = await linkTo('unknown@example.test');
    const mail = mailsTo('unknown@example.test')[0];
    expect(mail.parsed.subject).toBe(ACCOUNT_MAIL_TEXTS.confirmSubject);
    expect(mail.parsed.html).toContain(`${PUBLIC_URL}/auth/confirm?token=${token}`);
    expect(pending.tokenHash).not.toContain(token);
    // Once sent, the outbox keeps no copy of the link.
    await eventually(async () => {
      const [row] = await rows<{ text_body: string | null; sent_at: string | null }>(
        db,
        sql`SELECT text_body, sent_at FROM mail_outbox WHERE pending_registration_id = ${pending.id}`,
      );
      return row?.sent_at !== null && row?.text_body === null;
    }).toBe(true);
  });

  it('the link makes the account as registration does, signs in, and works once', async () => {
    await registerViaApi(t.app, body('Confirmer'));
    const token = await linkTo('confirmer@example.test');
    const res = await confirm(token);
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({
      username: 'Confirmer',
      email: 'Confirmer@example.test',
      role: 'user',
      bio: null,
      canAccessAdmin: false,
    });
    expect(user).not.toHaveProperty('password');
    const cookie = res.cookies.find((c) => c.name === 'sid');
    expect(cookie?.httpOnly).toBe(true);
    expect(res.headers['cache-control']).toMatch(/no-store/);
    const me = await injectAs(t.app, { cookie: sessionCookie(res) }, { url: '/api/user' });
    expect(me.json().id).toBe(user.id);
    // The password given at registration signs in.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'confirmer', password: 'a-strong-pass-123' },
    });
    expect(login.statusCode).toBe(200);
    expect(
      await db.select().from(pendingRegistrations).where(eq(pendingRegistrations.username, 'Confirmer')),
    ).toHaveLength(0);
    // Single use.
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(AUTH_CONFIRM_TEXTS.confirmExpired);
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('grants admin to a listed name on confirmation, as registration does', async () => {
    await registerViaApi(t.app, body('Admin', 'the-admin@example.test'));
    const res = await confirm(await linkTo('the-admin@example.test'));
    expect(res.statusCode).toBe(201);
    expect(res.json().role).toBe('admin');
  });

  it('refuses an expired, unknown or malformed token with 400 and makes nothing', async () => {
    await registerViaApi(t.app, body('late_one'));
    const token = await linkTo('late_one@example.test');
    await db
      .update(pendingRegistrations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(pendingRegistrations.username, 'late_one'));
    const before = await userCount();
    const expired = await confirm(token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ message: AUTH_CONFIRM_TEXTS.confirmExpired });
    const unknown = await confirm('x'.repeat(43));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(AUTH_CONFIRM_TEXTS.confirmExpired);
    const empty = await t.app.inject({ method: 'POST', url: '/api/register/confirm', payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(await userCount()).toBe(before);
    // Housekeeping deletes the expired registration, and its mail with it.
    const done = await runHousekeeping(db, t.storage, new Date(), { sweepImages: false });
    expect(done.registrations).toBeGreaterThanOrEqual(1);
    expect(
      await db.select().from(pendingRegistrations).where(eq(pendingRegistrations.username, 'late_one')),
    ).toHaveLength(0);
    const [{ n }] = await rows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM mail_outbox WHERE to_address = 'late_one@example.test'`,
    );
    expect(n).toBe(0);
  });

  it('keeps the username conflict explicit: 409 against an account and against a waiting registration', async () => {
    await createUser(db, { username: 'taken_name' });
    const vsUser = await registerViaApi(t.app, body('TAKEN_NAME', 'fresh1@example.test'));
    expect(vsUser.statusCode).toBe(409);
    expect(vsUser.json()).toEqual({
      message: AUTH_TEXTS.usernameTaken,
      errors: { username: [AUTH_TEXTS.usernameTaken] },
    });
    await registerViaApi(t.app, body('waiting_name', 'first@example.test'));
    const vsPending = await registerViaApi(t.app, body('Waiting_Name', 'second@example.test'));
    expect(vsPending.statusCode).toBe(409);
    expect(vsPending.json().message).toBe(AUTH_TEXTS.usernameTaken);
    expect(
      await db
        .select()
        .from(pendingRegistrations)
        .where(eq(pendingRegistrations.email, 'second@example.test')),
    ).toHaveLength(0);
    // An expired registration holds the name no more.
    await db
      .update(pendingRegistrations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(pendingRegistrations.username, 'waiting_name'));
    const after = await registerViaApi(t.app, body('waiting_name', 'second@example.test'));
    expect(after.statusCode).toBe(202);
    // Bad input is still 400 per field.
    const bad = await registerViaApi(t.app, { ...body('x'), email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.email).toEqual(['Invalid email']);
  });

  it('a new registration of the same address replaces the waiting one: only the last link works', async () => {
    await registerViaApi(t.app, body('first_try', 'again@example.test'));
    const first = await linkTo('again@example.test');
    await registerViaApi(t.app, body('second_try', 'again@example.test'));
    await eventually(() => mailsTo('again@example.test').length).toBe(2);
    const second = await linkTo('again@example.test');
    expect(second).not.toBe(first);
    expect((await confirm(first)).statusCode).toBe(400);
    const res = await confirm(second);
    expect(res.statusCode).toBe(201);
    expect(res.json().username).toBe('second_try');
  });

  it('answers 409 naming what was taken meanwhile, and the link goes', async () => {
    await registerViaApi(t.app, body('slowpoke'));
    const token = await linkTo('slowpoke@example.test');
    // The address got an account another way meanwhile (SMTP was off, or an admin made it).
    await createUser(db, { email: 'SLOWPOKE@example.test' });
    const res = await confirm(token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(AUTH_TEXTS.emailTaken);
    expect((await confirm(token)).statusCode).toBe(400);

    await registerViaApi(t.app, body('name_race'));
    const token2 = await linkTo('name_race@example.test');
    await createUser(db, { username: 'NAME_RACE' });
    const res2 = await confirm(token2);
    expect(res2.statusCode).toBe(409);
    expect(res2.json().message).toBe(AUTH_TEXTS.usernameTaken);
  });

  it('two confirmations at once make one account: one 201, the other 400, never 500', async () => {
    await registerViaApi(t.app, body('double_click'));
    const token = await linkTo('double_click@example.test');
    const results = await Promise.all([confirm(token), confirm(token), confirm(token)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400, 400]);
    expect(await db.select().from(users).where(eq(users.username, 'double_click'))).toHaveLength(1);
  });

  it('is listed with its limits, and the confirm route in OpenAPI', async () => {
    const spec = (await t.app.inject({ url: '/api/openapi.json' })).json();
    const paths = spec.paths ?? {};
    expect(paths['/api/register/confirm']?.post?.responses?.['201']).toBeDefined();
    expect(paths['/api/register']?.post?.responses?.['202']).toBeDefined();
  });
});

describe('registration without SMTP_URL (development, the demo, the suites)', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
    cleanups.push(() => plain.close());
  });

  it('stays instant: 201 with a session, and a known email still answers 409', async () => {
    const res = await registerViaApi(plain.app, body('instant'));
    expect(res.statusCode).toBe(201);
    expect(res.cookies.find((c) => c.name === 'sid')).toBeDefined();
    const again = await registerViaApi(plain.app, body('instant2', 'INSTANT@example.test'));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(AUTH_TEXTS.emailTaken);
  });
});
