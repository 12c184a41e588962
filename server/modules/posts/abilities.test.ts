import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import {
  createAdmin,
  createComment,
  createPost,
  createUser,
  injectAs,
  type TestUser,
} from '../../test/factories';

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
  const post = await createPost(t.database.db, author, { caption: 'abilities' });
  postId = post.id;
  await createComment(t.database.db, author, post, { content: 'by the author' });
});
afterAll(() => t.close());

const as = (user: TestUser | null, url: string) => injectAs(t.app, user, { url });

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
    const edit = await injectAs(t.app, admin, {
      method: 'PATCH',
      url: `/api/comments/${c.id}`,
      payload: { content: 'edited by an admin' },
    });
    expect(edit.statusCode).toBe(403);
    const del = await injectAs(t.app, other, { method: 'DELETE', url: `/api/posts/${postId}` });
    expect(del.statusCode).toBe(403);
    const [after] = (await as(author, `/api/posts/${postId}/comments`)).json();
    expect(after.content).toBe('by the author');
    expect((await as(null, '/api/posts/feed')).json().some((p: { id: string }) => p.id === postId)).toBe(
      true,
    );
  });
});

describe('test factories', () => {
  it('build likes, follows, blocked words and teams that the API then reports', async () => {
    const { createBlockedWord, createFollow, createLike, createTeam } = await import('../../test/factories');
    const db = t.database.db;
    const post = await createPost(db, other, { caption: 'factory post' });
    await createLike(db, author, post);
    await createFollow(db, author, other);
    await createBlockedWord(db, 'factoryword', admin);
    const team = await createTeam(db, other, { name: 'Factory Fireteam', members: [{ user: author }] });
    const feed = (await as(author, '/api/posts/feed')).json();
    expect(feed.find((p: { id: string }) => p.id === post.id)).toMatchObject({
      likesCount: 1,
      isLiked: true,
    });
    const profile = (await as(author, `/api/profile/${other.username}`)).json();
    expect(profile).toMatchObject({ followersCount: 1, isFollowing: true });
    const teams = (await as(null, `/api/user/${author.id}/teams`)).json();
    expect(teams).toMatchObject([{ id: team.id, name: 'Factory Fireteam', role: 'member', memberCount: 2 }]);
    const words = (await as(admin, '/api/admin/blocked-words')).json();
    expect(words.map((w: { word: string }) => w.word)).toContain('factoryword');
  });
});
