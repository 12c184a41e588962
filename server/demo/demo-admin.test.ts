import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { createUser, TEST_PASSWORD } from '../test/factories';
import { DEMO_PASSWORD, demoAdminPassword, demoAdminWarning, setDemoAdminPassword } from './seed';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });

describe("the demo admin's password (docs/security.md 6.3.2)", () => {
  it('is random in production, different at each start, and said once with a warning to change it', () => {
    const first = demoAdminPassword({ NODE_ENV: 'production' });
    const second = demoAdminPassword({ NODE_ENV: 'production' });
    expect(first.random).toBe(true);
    expect(first.password).not.toBe(DEMO_PASSWORD);
    expect(first.password.length).toBeGreaterThanOrEqual(20);
    expect(second.password).not.toBe(first.password);
    const line = demoAdminWarning(first.password);
    expect(line).toContain(first.password);
    expect(line).toMatch(/change it/);
  });

  it('stays the published one in development, and DEMO_ADMIN_PASSWORD sets it anywhere', () => {
    expect(demoAdminPassword({ NODE_ENV: 'development' })).toEqual({
      password: DEMO_PASSWORD,
      random: false,
    });
    expect(demoAdminPassword({})).toEqual({ password: DEMO_PASSWORD, random: false });
    expect(demoAdminPassword({ NODE_ENV: 'production', DEMO_ADMIN_PASSWORD: 'chosen-by-ops-1' })).toEqual({
      password: 'chosen-by-ops-1',
      random: false,
    });
  });

  it('signs the admin in with its own password, and no longer with the published one', async () => {
    const admin = await createUser(t.database.db, { username: 'admin', role: 'admin' });
    const { password } = demoAdminPassword({ NODE_ENV: 'production' });
    await setDemoAdminPassword(t.database.db, admin.id, password);
    expect((await login('admin', password)).statusCode).toBe(200);
    expect((await login('admin', TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login('admin', DEMO_PASSWORD)).statusCode).toBe(401);
  });
});
