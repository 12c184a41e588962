import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, UPLOAD_TEXTS } from '../../contract';
import type { TestApp } from '../test/app';
import { appWithPlayers, type TestUser } from '../test/factories';
import { JSON_BODY_LIMIT } from './json-body';

let t: TestApp;
let player: TestUser;
let port: number;
beforeAll(async () => {
  ({ t, player } = await appWithPlayers({ player: 'user' }));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t.close();
});

interface Sent {
  status: number | null;
  body: string;
  error: string | null;
  continued: boolean;
}

/**
 * POSTs `size` bytes of JSON to /api/posts as Node's HTTP client does (writing while the server
 * answers), in 64 KiB chunks; with `expect`, the body waits for 100 Continue.
 */
function send(
  size: number,
  opts: { expect?: boolean; cookie?: string; path?: string; method?: string; type?: string } = {},
): Promise<Sent> {
  return new Promise((resolve) => {
    const out: Sent = { status: null, body: '', error: null, continued: false };
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const head = Buffer.from('{"caption":"');
    const tail = Buffer.from('"}');
    const req = http.request({
      agent: false,
      host: '127.0.0.1',
      port,
      method: opts.method ?? 'POST',
      path: opts.path ?? '/api/posts',
      headers: {
        'content-type': opts.type ?? 'application/json',
        'content-length': String(size),
        ...(opts.cookie ? { cookie: opts.cookie } : {}),
        ...(opts.expect ? { expect: '100-continue' } : {}),
      },
    });
    let written = 0;
    const writeBody = () => {
      const pump = () => {
        while (written < size) {
          let part: Buffer;
          if (written === 0) part = head;
          else if (size - written <= tail.length) part = tail.subarray(0, size - written);
          else part = chunk.subarray(0, Math.min(chunk.length, size - written - tail.length));
          written += part.length;
          if (!req.write(part)) return void req.once('drain', pump);
        }
        req.end();
      };
      pump();
    };
    req.on('continue', () => {
      out.continued = true;
      writeBody();
    });
    req.on('response', (res) => {
      out.status = res.statusCode ?? null;
      res.setEncoding('utf8');
      res.on('data', (d) => {
        out.body += d;
      });
      res.on('end', () => resolve(out));
      res.on('error', (e) => resolve({ ...out, error: e.message }));
    });
    req.on('error', (e) => resolve({ ...out, error: (e as NodeJS.ErrnoException).code ?? e.message }));
    if (!opts.expect) writeBody();
  });
}

describe('a body over the limit (issue 24)', () => {
  it('is answered 413 with its message to a client still sending (a lingering close, not a reset)', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await send(4 * 1024 * 1024, { cookie: player.cookie });
      expect(res.error).toBeNull();
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body).message).toMatch(/too large/i);
    }
  });

  it('a refused upload (over the limit) is answered 413 with its message to a client still sending', async () => {
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/objects/upload',
      headers: { cookie: player.cookie },
    });
    const path =
      new URL(asked.json().uploadURL, 'http://x').pathname +
      new URL(asked.json().uploadURL, 'http://x').search;
    const res = await send(MAX_UPLOAD_BYTES + 4 * 1024 * 1024, { method: 'PUT', path, type: 'image/jpeg' });
    expect(res.error).toBeNull();
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).message).toBe(UPLOAD_TEXTS.fileTooLarge);
  });

  it('honours Expect: 100-continue: 413 without reading the body, 100 Continue for a body within the limit', async () => {
    const over = await send(JSON_BODY_LIMIT + 1, { cookie: player.cookie, expect: true });
    expect(over.continued).toBe(false);
    expect(over.status).toBe(413);
    expect(JSON.parse(over.body).message).toMatch(/too large/i);
    const within = await send(200, { cookie: player.cookie, expect: true });
    expect(within.continued).toBe(true);
    expect(within.status).toBe(201);
  });

  it('answers a signed-out client 401 before reading its body, with or without Expect', async () => {
    const plain = await send(4 * 1024 * 1024);
    expect(plain.error).toBeNull();
    expect(plain.status).toBe(401);
    const expecting = await send(200, { expect: true });
    expect(expecting.continued).toBe(false);
    expect(expecting.status).toBe(401);
  });
});
