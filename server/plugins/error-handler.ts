import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { COMMON_TEXTS } from '../../contract';
import type { App } from '../context';
import { HttpError, missingReference } from '../errors';

/**
 * What a failed request logs: a failed query keeps its SQL text and the database's code and
 * message, never the parameters (they carry what users typed, passwords' neighbours included).
 */
export function errorForLog(err: unknown): unknown {
  const e = err as {
    name?: string;
    query?: unknown;
    params?: unknown;
    cause?: { code?: string; message?: string };
  };
  if (e && typeof e === 'object' && 'query' in e && 'params' in e) {
    return {
      type: e.name ?? 'DrizzleQueryError',
      message: 'Failed query',
      query: typeof e.query === 'string' ? e.query : undefined,
      code: e.cause?.code,
      cause: e.cause?.message,
    };
  }
  return err;
}

/**
 * Maps every error to { message, errors? }; 5xx details stay in the log, never in the answer.
 *
 * A write that names a row deleted meanwhile fails on its foreign key (23503), whatever the route:
 * the viewer's own account (deleted while this request was in flight, or still in another
 * process's session cache) answers 401 'Not signed in' and `onAccountGone` forgets its sessions;
 * any other row (a post, an event, a player followed) answers 404 'Not found' (decision 024).
 */
/** pg-pool's error when no connection came free within connectionTimeoutMillis. */
export const POOL_WAIT_TIMEOUT = 'timeout exceeded when trying to connect';
export const BUSY_MESSAGE = 'The server is busy: please try again in a moment';

/** pg-pool's error when a new connection was not opened within connectionTimeoutMillis. */
export const CONNECT_TIMEOUT = 'Connection terminated due to connection timeout';

/** The error, or the error it wraps (drizzle's "Failed query"), is the pool's wait or connect timeout. */
export function connectionWaitedOut(err: unknown): boolean {
  for (
    let e = err as { message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 3;
    depth++
  ) {
    if (e.message === POOL_WAIT_TIMEOUT || e.message === CONNECT_TIMEOUT) return true;
    e = e.cause as typeof e;
  }
  return false;
}

export function registerErrorHandler(app: App, opts: { onAccountGone?: (userId: string) => void } = {}) {
  app.setErrorHandler((err, request, reply) => {
    const missing = missingReference(err);
    if (missing) {
      const viewer = request.user?.id;
      if (missing.table === 'users' && viewer && missing.key === viewer) {
        opts.onAccountGone?.(viewer);
        return reply.status(401).send({ message: COMMON_TEXTS.notSignedIn });
      }
      return reply.status(404).send({ message: 'Not found' });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: Record<string, string[]> = {};
      for (const v of err.validation) {
        const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        errors[field] = [...(errors[field] ?? []), v.message ?? 'Invalid input'];
      }
      const summary = Object.entries(errors)
        .map(([f, msgs]) => (f === '_' ? msgs[0] : `${f}: ${msgs[0]}`))
        .join('; ');
      return reply.status(400).send({ message: summary || 'Invalid input', errors });
    }
    if (err instanceof HttpError) {
      if (err.headers) reply.headers(err.headers);
      return reply
        .status(err.statusCode)
        .send(err.errors ? { message: err.message, errors: err.errors } : { message: err.message });
    }
    const e = err as { statusCode?: number; message?: string };
    // The pool had no free connection within its wait (DB_CONNECT_TIMEOUT_MS), or could not open
    // one in that time: the server is busy, not broken. A 503 the client may retry, not a 500.
    // Drizzle wraps the pool's error in its "Failed query" (the cause); a transaction's does not.
    if (connectionWaitedOut(err)) {
      request.log.warn('no database connection free in time');
      return reply.status(503).header('retry-after', '1').send({ message: BUSY_MESSAGE });
    }
    const status = e.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: errorForLog(err) }, 'request failed');
      return reply.status(500).send({ message: 'Something went wrong on our side' });
    }
    if (status === 429)
      return reply.status(429).send({ message: e.message || 'Too many requests, please try again later' });
    // Fastify's own 4xx (bad JSON, body too large, unsupported content type) keep their message.
    return reply.status(status).send({ message: e.message ?? 'Request failed' });
  });
}
