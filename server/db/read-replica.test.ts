import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { App } from '../context';
import { LocalStorage } from '../storage/local';
import { openTestDatabase, type TestDatabase } from '../test/db';
import {
  createNews,
  createStore,
  createTutorial,
  createUser,
  injectAs,
  type TestUser,
} from '../test/factories';
import { type Database, openDatabase } from './client';

/*
 * DATABASE_READ_URL: signed-out visitors' list reads (news, tutorials, stores) go to the read
 * replica; the rest to DATABASE_URL. The "replica" here is a database of its own holding other
 * rows (a replica that lags far behind), so which one answered shows in the answer.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('DATABASE_READ_URL', () => {
  let primary: TestDatabase;
  let replica: TestDatabase;
  let database: Database;
  let app: App;
  let dir: string;
  let player: TestUser;

  beforeAll(async () => {
    [primary, replica] = await Promise.all([openTestDatabase(), openTestDatabase()]);
    database = await openDatabase({ databaseUrl: primary.url as string, readUrl: replica.url as string });
    dir = mkdtempSync(path.join(tmpdir(), 'airsoft-replica-'));
    app = await buildApp({
      database,
      storage: new LocalStorage(path.join(dir, 'objects')),
      config: {
        rateLimits: false,
        adminUsernames: [],
        sessionSecret: 'test-secret-test-secret-test-secret-123',
        webDist: null,
      },
    });
    await app.ready();
    player = await createUser(primary.db);
    for (const [db, where] of [
      [primary.db, 'primary'],
      [replica.db, 'replica'],
    ] as const) {
      await createNews(db, { title: `News on the ${where}` });
      await createTutorial(db, { title: `Tutorial on the ${where}` });
      await createStore(db, { name: `Store on the ${where}` });
    }
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await primary?.close();
    await replica?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const names = async (viewer: TestUser | null, url: string, field: 'title' | 'name') => {
    const res = await injectAs(app, viewer, { url });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Array<Record<string, string>>).map((row) => row[field]);
  };

  it('serves signed-out visitors the news, tutorials and stores lists from the replica', async () => {
    expect(await names(null, '/api/news', 'title')).toEqual(['News on the replica']);
    expect(await names(null, '/api/tutorials', 'title')).toEqual(['Tutorial on the replica']);
    expect(await names(null, '/api/stores', 'name')).toEqual(['Store on the replica']);
  });

  it('serves a signed-in player from DATABASE_URL (what they wrote is there at once)', async () => {
    expect(await names(player, '/api/news', 'title')).toEqual(['News on the primary']);
    expect(await names(player, '/api/tutorials', 'title')).toEqual(['Tutorial on the primary']);
    expect(await names(player, '/api/stores', 'name')).toEqual(['Store on the primary']);
  });

  it('reads everything else, and writes, on DATABASE_URL', async () => {
    const article = (await injectAs(app, null, { url: '/api/news?limit=1' })).json()[0];
    // The replica's article is not in the primary: its own page answers 404 there.
    expect((await injectAs(app, null, { url: `/api/news/${article.id}` })).statusCode).toBe(404);
    const created = await injectAs(app, player, {
      method: 'POST',
      url: '/api/teams',
      payload: { name: 'Primary Owls' },
    });
    expect(created.statusCode).toBe(201);
    const onReplica = await replica.db.query.teams.findMany();
    expect(onReplica).toEqual([]);
  });

  it('is `db` itself when unset', async () => {
    expect(primary.readDb).toBe(primary.db);
  });
});
