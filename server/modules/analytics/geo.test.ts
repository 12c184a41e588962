import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { deviceOf } from './device';
import { locate } from './geo';

describe('locate (offline DB-IP Lite database)', () => {
  it('places a public address in its country', () => {
    expect(locate('8.8.8.8')?.country).toBe('US');
    expect(locate('::ffff:8.8.8.8')?.country).toBe('US');
    // IPv6 is read from its own file; where a given block lies changes between releases.
    expect(locate('2001:4860:4860::8888')?.country).toMatch(/^[A-Z]{2}$/);
  });

  it('answers null for private, loopback and malformed addresses', () => {
    for (const ip of [
      '10.1.2.3',
      '192.168.0.10',
      '172.16.5.5',
      '127.0.0.1',
      '::1',
      'fd00::1',
      'x',
      '',
      undefined,
    ]) {
      expect(locate(ip), String(ip)).toBeNull();
    }
  });
});

describe('deviceOf (ua-parser-js)', () => {
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', 'mobile'],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36',
      'mobile',
    ],
    ['Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', 'tablet'],
    ['Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 Chrome/120.0 Safari/537.36', 'tablet'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36', 'desktop'],
    [undefined, 'desktop'],
  ])('%s → %s', (ua, device) => {
    expect(deviceOf(ua)).toBe(device);
  });
});

describe('a page view places its session without keeping the address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { trustProxy: true } });
  });
  afterAll(() => t.close());

  it('stores the country and region of the visitor, never the address', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/page-view',
      payload: { path: '/' },
      headers: {
        'x-forwarded-for': '8.8.8.8',
        'user-agent': 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
      },
    });
    expect(res.statusCode).toBe(204);
    const [row] = await t.database.db.select().from(sessions);
    expect(row).toMatchObject({ country: 'US', device: 'tablet' });
    expect(JSON.stringify(row)).not.toContain('8.8.8.8');
  });
});
