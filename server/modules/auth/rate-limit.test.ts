import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';

let limited: TestApp;
let open: TestApp;
beforeAll(async () => {
  limited = await createTestApp({ config: { rateLimits: true } });
  open = await createTestApp({ config: { rateLimits: false } });
});
afterAll(async () => {
  await limited.close();
  await open.close();
});

const attempt = (t: TestApp) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: 'nobody', password: 'wrong-password' },
  });

describe('login and registration rate limits', () => {
  it('answers 429 after 10 attempts a minute from one address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await attempt(limited)).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
    expect(codes[10]).toBe(429);
    const res = await attempt(limited);
    expect(res.json().message).toMatch(/Too many requests/);
    const reg = await limited.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username: 'x' },
      remoteAddress: '10.9.9.9',
    });
    expect(reg.statusCode).toBe(400);
  });

  it('RATE_LIMITS=off lifts the limit', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) codes.push((await attempt(open)).statusCode);
    expect(codes.every((c) => c === 401)).toBe(true);
  });
});
