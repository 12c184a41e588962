import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { App } from '../context';
import { LocalStorage } from '../storage/local';
import { createTestApp, type TestApp } from '../test/app';
import {
  createComment,
  createEvent,
  createField,
  createFollow,
  createGearPost,
  createLike,
  createPost,
  createTeam,
  createUser,
  injectAs,
  type TestUser,
} from '../test/factories';

let t: TestApp;
/** A second instance on the same database: its own session cache, as another process has. */
let other: App;
beforeAll(async () => {
  t = await createTestApp();
  other = await buildApp({
    database: t.database,
    storage: new LocalStorage(`${t.dir}/objects`),
    config: {
      rateLimits: false,
      adminUsernames: [],
      sessionSecret: 'test-secret-test-secret-test-secret-123',
      webDist: null,
    },
  });
  await other.ready();
});
afterAll(async () => {
  await other.close();
  await t.close();
});

/** Every kind of write a signed-in player makes that stores a row naming them, on targets of their own. */
async function writesOf(): Promise<Write[]> {
  const db = t.database.db;
  const owner = await createUser(db);
  const post = await createPost(db, owner);
  const event = await createEvent(db, { capacity: 1000 });
  const gear = await createGearPost(db, owner);
  const field = await createField(db);
  const team = await createTeam(db, owner);
  return [
    { method: 'POST', url: '/api/posts', payload: { caption: 'racing the deletion' } },
    { method: 'POST', url: `/api/posts/${post.id}/like` },
    { method: 'POST', url: `/api/posts/${post.id}/comments`, payload: { content: 'nice' } },
    { method: 'PUT', url: `/api/posts/${post.id}/bookmark` },
    { method: 'POST', url: `/api/follow/${owner.id}` },
    { method: 'POST', url: `/api/events/${event.id}/registration` },
    { method: 'POST', url: `/api/gear/${gear.id}/rate`, payload: { rating: 4 } },
    { method: 'POST', url: `/api/fields/${field.id}/rate`, payload: { rating: 4 } },
    { method: 'POST', url: `/api/teams/${team.id}/applications`, payload: {} },
    { method: 'POST', url: '/api/teams', payload: { name: `Team ${randomBytes(6).toString('hex')}` } },
    { method: 'POST', url: '/api/objects/upload' },
    { method: 'POST', url: '/api/analytics/page-view', payload: { path: '/' } },
    { method: 'PATCH', url: '/api/profile', payload: { bio: 'still here?' } },
    { method: 'POST', url: '/api/user/calendar-token' },
  ];
}
interface Write {
  method: 'POST' | 'PUT' | 'PATCH';
  url: string;
  payload?: Record<string, unknown>;
}

const answerOf = (res: { statusCode: number; body: string }) => `${res.statusCode} ${res.body}`;

describe('a request from a player whose account is being deleted', () => {
  it('answers 401 on an instance whose session cache still holds the deleted account, never 500', async () => {
    const writes = await writesOf();
    // One player per write, each resolved by the other instance (kept there a few seconds), then deleted here.
    const players: TestUser[] = [];
    for (const _ of writes) players.push(await createUser(t.database.db));
    for (const p of players) expect((await injectAs(other, p, { url: '/api/user' })).statusCode).toBe(200);
    for (const p of players)
      expect((await injectAs(t.app, p, { method: 'DELETE', url: '/api/user' })).statusCode).toBe(204);
    // On PostgreSQL the other instance may already have heard of the deletion (decision 025) and
    // answers as to a signed-out visitor: the page-view beacon, which signed-out visitors send too,
    // is then counted anonymously (204); every other write still needs an account (401).
    const answers = await Promise.all(
      writes.map(async (w, i) => {
        const answer = answerOf(await injectAs(other, players[i], w));
        const asSignedOut = w.url === '/api/analytics/page-view' && answer === '204 ';
        return `${w.method} ${w.url.replace(/[0-9a-f-]{36}/, '{id}')} ${asSignedOut ? '401 {"message":"Not signed in"}' : answer}`;
      }),
    );
    expect(answers).toEqual(
      writes.map(
        (w) => `${w.method} ${w.url.replace(/[0-9a-f-]{36}/, '{id}')} 401 {"message":"Not signed in"}`,
      ),
    );
    // The refusal forgot the account's sessions on that instance too.
    expect((await injectAs(other, players[0], { url: '/api/user' })).statusCode).toBe(401);
  });

  it('answers 2xx, 401 or 404 to many writes racing the deletion on two instances, never 500', async () => {
    const players: { player: TestUser; before: Write[]; after: Write[] }[] = [];
    for (let i = 0; i < 20; i++)
      players.push({
        player: await createUser(t.database.db),
        before: await writesOf(),
        after: await writesOf(),
      });
    for (const { player } of players) await injectAs(other, player, { url: '/api/user' });
    // Each player's writes sent before and after their deletion, alternating between the instances.
    const answers = await Promise.all(
      players.flatMap(({ player, before, after }, i) => [
        ...before.map((w, j) => injectAs((i + j) % 2 ? other : t.app, player, w)),
        injectAs(i % 2 ? t.app : other, player, { method: 'DELETE', url: '/api/user' }),
        ...after.map((w, j) => injectAs((i + j) % 2 ? t.app : other, player, w)),
      ]),
    );
    const codes = answers.map((r) => r.statusCode);
    const refused = answers.filter(
      (r) => !(r.statusCode < 300 || r.statusCode === 401 || r.statusCode === 404),
    );
    expect(refused.map(answerOf)).toEqual([]);
    expect(codes).toContain(401);
    expect(
      answers.filter((r) => r.statusCode === 401).every((r) => r.json().message === 'Not signed in'),
    ).toBe(true);
  });

  it('answers 2xx or 404 to writes on the things of a player being deleted: the writer stays signed in', async () => {
    const db = t.database.db;
    const fan = await createUser(db);
    const owners: { owner: TestUser; writes: Write[] }[] = [];
    for (let i = 0; i < 12; i++) {
      const owner = await createUser(db);
      const post = await createPost(db, owner);
      const gear = await createGearPost(db, owner);
      const team = await createTeam(db, owner);
      owners.push({
        owner,
        writes: [
          { method: 'POST', url: `/api/posts/${post.id}/like` },
          { method: 'POST', url: `/api/posts/${post.id}/comments`, payload: { content: 'nice' } },
          { method: 'PUT', url: `/api/posts/${post.id}/bookmark` },
          { method: 'POST', url: `/api/follow/${owner.id}` },
          { method: 'POST', url: `/api/gear/${gear.id}/rate`, payload: { rating: 4 } },
          { method: 'POST', url: `/api/teams/${team.id}/applications`, payload: {} },
        ],
      });
    }
    const answers = await Promise.all(
      owners.flatMap(({ owner, writes }, i) => [
        ...writes.map((w, j) => injectAs((i + j) % 2 ? other : t.app, fan, w)),
        injectAs(i % 2 ? t.app : other, owner, { method: 'DELETE', url: '/api/user' }),
      ]),
    );
    expect(answers.filter((r) => !(r.statusCode < 300 || r.statusCode === 404)).map(answerOf)).toEqual([]);
    expect((await injectAs(t.app, fan, { url: '/api/user' })).statusCode).toBe(200);
    expect((await injectAs(other, fan, { url: '/api/user' })).statusCode).toBe(200);
  });

  it('deletes accounts that like, comment on and follow each other all at once: 204 each, never 500', async () => {
    const db = t.database.db;
    const players: TestUser[] = [];
    for (let i = 0; i < 16; i++) players.push(await createUser(db));
    for (const [i, author] of players.entries()) {
      const post = await createPost(db, author);
      for (const fan of players.slice(0, 6)) if (fan !== author) await createLike(db, fan, post);
      await createComment(db, players[(i + 1) % players.length], post);
      await createFollow(db, author, players[(i + 1) % players.length]);
    }
    const answers = await Promise.all(
      players.map((p, i) => injectAs(i % 2 ? other : t.app, p, { method: 'DELETE', url: '/api/user' })),
    );
    expect(answers.map(answerOf)).toEqual(players.map(() => '204 '));
  });
});
