import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONAL_CACHE } from '../../plugins/personal-cache';
import type { TestApp } from '../../test/app';
import {
  appWithPlayers,
  createComment,
  createPost,
  createUser,
  injectAs,
  type TestUser,
} from '../../test/factories';

let t: TestApp;
let admin: TestUser;
let member: TestUser;
beforeAll(async () => {
  ({ t, admin, member } = await appWithPlayers({ admin: 'admin', member: 'user' }));
});
afterAll(() => t.close());

const db = () => t.database.db;

describe('Moderate Posts: posts and comments searched by text and author (issue 24)', () => {
  it('lists comments newest first with their post, searched by text and by author, paged by id', async () => {
    const troll = await createUser(db(), { username: 'Troll_King' });
    const post = await createPost(db(), member, { caption: 'Sunday game at the quarry' });
    const c1 = await createComment(db(), troll, post, { content: 'You all play like BOTS' });
    const c2 = await createComment(db(), troll, post, { content: 'Nice weather' });
    await createComment(db(), member, post, { content: 'Bots? 100% legit here' });

    const byText = await injectAs(t.app, admin, { url: '/api/admin/comments?q=bots' });
    expect(byText.statusCode).toBe(200);
    expect(byText.headers['cache-control']).toBe(PERSONAL_CACHE);
    expect(byText.json().map((c: { content: string }) => c.content)).toEqual([
      'Bots? 100% legit here',
      'You all play like BOTS',
    ]);
    const byAuthor = (await injectAs(t.app, admin, { url: '/api/admin/comments?author=troll_k' })).json();
    expect(byAuthor.map((c: { id: string }) => c.id)).toEqual([c2.id, c1.id]);
    expect(byAuthor[0]).toMatchObject({
      postId: post.id,
      postExcerpt: 'Sunday game at the quarry',
      user: { username: 'Troll_King' },
      canDelete: true,
    });
    const both = (await injectAs(t.app, admin, { url: '/api/admin/comments?q=bots&author=troll' })).json();
    expect(both.map((c: { id: string }) => c.id)).toEqual([c1.id]);
    const page2 = (
      await injectAs(t.app, admin, { url: `/api/admin/comments?author=troll&limit=1&before=${c2.id}` })
    ).json();
    expect(page2, JSON.stringify(page2)).toBeInstanceOf(Array);
    expect(page2.map((c: { id: string }) => c.id)).toEqual([c1.id]);
    // '%' and '_' are searched as themselves.
    const pct = (await injectAs(t.app, admin, { url: '/api/admin/comments?q=100%25' })).json();
    expect(pct.map((c: { content: string }) => c.content)).toEqual(['Bots? 100% legit here']);
  });

  it('searches posts by caption and author', async () => {
    const seller = await createUser(db(), { username: 'shady_seller' });
    const p = await createPost(db(), seller, { caption: 'Selling upgraded springs, cheap' });
    await createPost(db(), member, { caption: 'Looking for a team' });
    const found = (await injectAs(t.app, admin, { url: '/api/admin/posts?q=SPRINGS' })).json();
    expect(found.map((x: { id: string }) => x.id)).toEqual([p.id]);
    const older = await createPost(db(), seller, { caption: 'Older springs' });
    await db().execute(sql`UPDATE posts SET created_at = now() - interval '1 day' WHERE id = ${older.id}`);
    const next = (
      await injectAs(t.app, admin, { url: `/api/admin/posts?author=shady&limit=1&before=${p.id}` })
    ).json();
    expect(next.map((x: { id: string }) => x.id)).toEqual([older.id]);
    await db().execute(sql`DELETE FROM posts WHERE id = ${older.id}`);
    const byAuthor = (await injectAs(t.app, admin, { url: '/api/admin/posts?author=shady' })).json();
    expect(byAuthor).toHaveLength(1);
    expect(byAuthor[0]).toMatchObject({ id: p.id, user: { username: 'shady_seller' }, canDelete: true });
  });

  it('members get 403 and visitors 401', async () => {
    for (const url of ['/api/admin/comments', '/api/admin/posts']) {
      expect((await injectAs(t.app, member, { url })).statusCode).toBe(403);
      expect((await injectAs(t.app, null, { url })).statusCode).toBe(401);
    }
  });
});
