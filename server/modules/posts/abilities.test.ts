import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, posts } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createAdmin, createUser, type TestUser } from '../../test/factories';

let t: TestApp;
let author: TestUser;
let other: TestUser;
let admin: TestUser;
let postId: string;

beforeAll(async () => {
  t = await createTestApp();
  author = await createUser(t.database.db);
  other = await createUser(t.database.db);
  admin = await createAdmin(t.database.db);
  const [p] = await t.database.db
    .insert(posts)
    .values({ userId: author.id, caption: 'abilities' })
    .returning();
  postId = p.id;
  await t.database.db.insert(comments).values({ postId, userId: author.id, content: 'by the author' });
});
afterAll(() => t.close());

const as = (user: TestUser | null, url: string) =>
  t.app.inject({ url, headers: user ? { cookie: user.cookie } : {} });

describe("answers carry the viewer's abilities (posts/policy.ts)", () => {
  it('a post: its author and admins may delete it, nobody else', async () => {
    for (const [viewer, canDelete] of [
      [author, true],
      [admin, true],
      [other, false],
      [null, false],
    ] as const) {
      const feed = (await as(viewer, '/api/posts/feed')).json();
      expect(feed.find((p: { id: string }) => p.id === postId).canDelete).toBe(canDelete);
      const byUser = (await as(viewer, `/api/posts/user/${author.id}`)).json();
      expect(byUser[0].canDelete).toBe(canDelete);
    }
  });

  it('a comment: its author edits and deletes it, an admin deletes it', async () => {
    for (const [viewer, canEdit, canDelete] of [
      [author, true, true],
      [admin, false, true],
      [other, false, false],
      [null, false, false],
    ] as const) {
      const [c] = (await as(viewer, `/api/posts/${postId}/comments`)).json();
      expect({ canEdit: c.canEdit, canDelete: c.canDelete }).toEqual({ canEdit, canDelete });
    }
  });

  it('the current user says whether the admin section is open to them', async () => {
    expect((await as(admin, '/api/user')).json().canAccessAdmin).toBe(true);
    expect((await as(other, '/api/user')).json().canAccessAdmin).toBe(false);
  });

  it('the server refuses what the abilities refuse, and changes nothing', async () => {
    const [c] = (await as(author, `/api/posts/${postId}/comments`)).json();
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/comments/${c.id}`,
      headers: { cookie: admin.cookie },
      payload: { content: 'edited by an admin' },
    });
    expect(edit.statusCode).toBe(403);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/posts/${postId}`,
      headers: { cookie: other.cookie },
    });
    expect(del.statusCode).toBe(403);
    const [after] = (await as(author, `/api/posts/${postId}/comments`)).json();
    expect(after.content).toBe('by the author');
    expect((await as(null, '/api/posts/feed')).json().some((p: { id: string }) => p.id === postId)).toBe(
      true,
    );
  });
});
