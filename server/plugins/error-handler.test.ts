import Fastify from 'fastify';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { App } from '../context';
import { BUSY_MESSAGE, POOL_WAIT_TIMEOUT, registerErrorHandler } from './error-handler';

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
    const busy = await app.inject({ url: '/busy' });
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('1');
    expect(busy.json()).toEqual({ message: BUSY_MESSAGE });
    expect((await app.inject({ url: '/broken' })).statusCode).toBe(500);
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
