import Fastify from 'fastify';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { App } from '../context';
import { BUSY_MESSAGE, CONNECT_TIMEOUT, POOL_WAIT_TIMEOUT, registerErrorHandler } from './error-handler';

describe('a request that found no free database connection in time', () => {
  it('answers 503 with Retry-After (busy, nothing written), not 500', async () => {
    const app = Fastify();
    registerErrorHandler(app as unknown as App);
    app.get('/busy', async () => {
      throw new Error(POOL_WAIT_TIMEOUT);
    });
    app.get('/broken', async () => {
      throw new Error('something else');
    });
    // As drizzle throws it from a query (its "Failed query" wraps the pool's error), and a connect timeout.
    app.get('/busy-query', async () => {
      throw new Error('Failed query: select 1\nparams: ', { cause: new Error(POOL_WAIT_TIMEOUT) });
    });
    app.get('/busy-connect', async () => {
      throw new Error(CONNECT_TIMEOUT, { cause: new Error('Connection terminated unexpectedly') });
    });
    app.get('/broken-query', async () => {
      throw new Error('Failed query: select 1\nparams: ', { cause: new Error('division by zero') });
    });
    for (const url of ['/busy', '/busy-query', '/busy-connect']) {
      const busy = await app.inject({ url });
      expect(busy.statusCode, url).toBe(503);
      expect(busy.headers['retry-after']).toBe('1');
      expect(busy.json()).toEqual({ message: BUSY_MESSAGE });
    }
    expect((await app.inject({ url: '/broken' })).statusCode).toBe(500);
    expect((await app.inject({ url: '/broken-query' })).statusCode).toBe(500);
    await app.close();
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'is what pg’s pool throws when its connections are all taken (PostgreSQL)',
    async () => {
      const pool = new pg.Pool({
        connectionString: process.env.TEST_DATABASE_URL,
        max: 1,
        connectionTimeoutMillis: 100,
      });
      const held = await pool.connect();
      try {
        await expect(pool.connect()).rejects.toThrow(POOL_WAIT_TIMEOUT);
      } finally {
        held.release();
        await pool.end();
      }
    },
  );
});
