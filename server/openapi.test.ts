import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Routes that answer bytes, not JSON (an image). */
const BINARY = new Set(['get /objects/{*}', 'get /api/image-proxy']);
/** Routes that answer a stream of Server-Sent Events: their schema is under text/event-stream. */
const STREAMS = new Set(['get /api/notifications/stream']);

describe('every route declares what it answers', () => {
  it('serves the OpenAPI description at /api/openapi.json', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/posts/feed'].get.responses['200'].content['application/json'].schema.type).toBe(
      'array',
    );
  });

  it('has a response schema for the success code of every registered route', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    const missing: string[] = [];
    let routes = 0;
    for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      for (const [method, op] of Object.entries(methods)) {
        routes++;
        const key = `${method} ${path}`;
        if (BINARY.has(key)) continue;
        const success = Object.entries(op.responses ?? {}).find(([code]) => /^2\d\d$/.test(code));
        if (!success) missing.push(key);
        else if (
          success[0] !== '204' &&
          !(success[1] as any).content?.[STREAMS.has(key) ? 'text/event-stream' : 'application/json']?.schema
        )
          missing.push(`${key} (${success[0]} without a schema)`);
      }
    }
    expect(routes).toBeGreaterThan(25);
    expect(missing).toEqual([]);
  });
});
