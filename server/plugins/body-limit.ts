import type { IncomingMessage } from 'node:http';
import type { App } from '../context';
import { JSON_BODY_LIMIT } from './json-body';

/** How much of a refused body is still read (and thrown away) before the connection is closed. */
export const LINGER_BYTES = 16 * 1024 * 1024;
/** How long a refused body is still read before the connection is closed. */
export const LINGER_MS = 10_000;

const continued = Symbol('100 Continue sent');
type Raw = IncomingMessage & { [continued]?: boolean };

const expectsContinue = (raw: IncomingMessage) => /^100-continue$/i.test(raw.headers.expect ?? '');

/**
 * Bodies the server does not read to the end (413 from the Content-Length, a refused upload, a
 * 401 or 429 before the body) are answered so that a client still sending sees the answer:
 *
 * - `Expect: 100-continue` is honoured: 100 Continue is sent only once the route has accepted the
 *   request (session, limits) and its Content-Length is within the route's body limit; otherwise
 *   the answer comes at once and the connection closes (the client never sent the body).
 * - A lingering close: the rest of a body being sent is read and thrown away, up to LINGER_BYTES
 *   and LINGER_MS, then the connection is closed. Closing at once made the kernel reset the
 *   connection while the client was still writing, and Node's HTTP client and browsers reported
 *   the reset instead of the 413 and its message.
 */
export function registerBodyLimits(app: App) {
  // With a listener, Node leaves 100 Continue to us and hands the request over as any other.
  app.server.on('checkContinue', (req, res) => app.server.emit('request', req, res));

  app.addHook('preParsing', async (request, reply, payload) => {
    const raw = request.raw as Raw;
    if (!expectsContinue(raw) || reply.sent || raw[continued]) return payload;
    const limit = request.routeOptions.bodyLimit ?? JSON_BODY_LIMIT;
    if (Number(raw.headers['content-length'] ?? 0) > limit) return payload;
    raw[continued] = true;
    reply.raw.writeContinue();
    return payload;
  });

  app.addHook('onSend', async (request, reply) => {
    const raw = request.raw as Raw;
    // (An injected request, light-my-request's, has no `complete`: nothing to drain.)
    if (raw.complete !== false) return;
    // The client waits for 100 Continue before it sends: nothing will come, nothing to drain.
    if (expectsContinue(raw) && !raw[continued]) reply.header('Connection', 'close');
    // Otherwise the body still coming is drained (onResponse), and the connection kept or closed after.
    else reply.removeHeader('Connection');
  });

  app.addHook('onResponse', async (request) => {
    const raw = request.raw;
    const socket = raw.socket;
    if (raw.complete !== false || raw.destroyed || typeof socket?.destroy !== 'function') return;
    let read = 0;
    const close = () => {
      clearTimeout(timer);
      raw.off('data', count);
      if (!raw.complete) socket.destroy();
    };
    const count = (chunk: Buffer) => {
      read += chunk.length;
      if (read > LINGER_BYTES) close();
    };
    const timer = setTimeout(close, LINGER_MS);
    timer.unref();
    raw.on('data', count);
    raw.once('end', () => {
      clearTimeout(timer);
      raw.off('data', count);
    });
    socket.once('close', () => clearTimeout(timer));
    raw.resume();
  });
}
