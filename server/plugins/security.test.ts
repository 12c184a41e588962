import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { helmetHeaders } from './security';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('security headers', () => {
  it('go out on API answers, pages and unknown paths alike', async () => {
    for (const url of ['/api/health', '/api/no-such-route', '/nowhere']) {
      const res = await t.app.inject({ url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-site');
      expect(res.headers['strict-transport-security'], url).toMatch(/max-age=/);
      expect(res.headers['cross-origin-embedder-policy'], url).toBeUndefined();
    }
  });

  it('are worked out once from the configuration, as Helmet itself writes them', () => {
    const headers = helmetHeaders({
      contentSecurityPolicy: {
        directives: { defaultSrc: ["'self'"], imgSrc: ["'self'", 'https://tiles.test'] },
      },
      crossOriginEmbedderPolicy: false,
      xFrameOptions: false,
    });
    expect(headers['Content-Security-Policy']).toContain("img-src 'self' https://tiles.test");
    expect(headers['X-Frame-Options']).toBeUndefined();
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
  });
});
