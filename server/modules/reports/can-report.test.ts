import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamGallery } from '../../db/schema';
import type { TestApp } from '../../test/app';
import {
  appWithPlayers,
  createComment,
  createGearPost,
  createPost,
  createTeam,
  createUser,
  injectAs,
  type TestUser,
} from '../../test/factories';
import { canReport } from './policy';

/**
 * Issue 24, "answers carry the viewer's abilities": posts, comments, profiles, teams, gear items
 * and team gallery images carry `canReport` for the viewer, as the reports policy decides it
 * (false for the author, a team's member, a visitor and a suspended player; true otherwise), and
 * POST /api/reports follows the same rule.
 */

let t: TestApp;
let author: TestUser;
let other: TestUser;
let teammate: TestUser;
let suspended: TestUser;
let ids: { post: string; comment: string; team: string; gear: string; image: string };

beforeAll(async () => {
  ({ t, author, other, teammate } = await appWithPlayers({
    author: 'user',
    other: 'user',
    teammate: 'user',
  }));
  const db = t.database.db;
  suspended = await createUser(db, { suspendedIndefinitely: true, suspensionReason: 'Spam' });
  const post = await createPost(db, author, { caption: 'Mine' });
  const comment = await createComment(db, author, post, { content: 'Also mine' });
  const team = await createTeam(db, author, { members: [{ user: teammate }] });
  const gear = await createGearPost(db, author);
  const [image] = await db
    .insert(teamGallery)
    .values({ teamId: team.id, image: '/objects/images/g.webp', caption: 'Us', uploadedBy: author.id })
    .returning();
  ids = { post: post.id, comment: comment.id, team: team.id, gear: gear.id, image: image.id };
});
afterAll(() => t.close());

const get = async (viewer: TestUser | null, url: string) => {
  const res = await injectAs(t.app, viewer, { url });
  expect(res.statusCode, url).toBe(200);
  return res.json();
};

/** Each kind of answer's canReport for `viewer`. */
async function abilitiesOf(viewer: TestUser | null) {
  const feed = await get(viewer, '/api/posts/feed');
  const post = await get(viewer, `/api/posts/${ids.post}`);
  const comments = await get(viewer, `/api/posts/${ids.post}/comments`);
  const profile = await get(viewer, `/api/profile/${author.username}`);
  const team = await get(viewer, `/api/teams/${ids.team}`);
  const gear = await get(viewer, `/api/user/${author.id}/gear`);
  const gallery = await get(viewer, `/api/teams/${ids.team}/gallery`);
  const items = (x: any) => (Array.isArray(x) ? x : x.items);
  return {
    feed: items(feed).find((p: { id: string }) => p.id === ids.post).canReport,
    post: post.canReport,
    comment: items(comments).find((c: { id: string }) => c.id === ids.comment).canReport,
    profile: profile.canReport,
    team: team.abilities.canReport,
    gear: items(gear).find((g: { id: string }) => g.id === ids.gear).canReport,
    image: items(gallery).find((g: { id: string }) => g.id === ids.image).canReport,
  };
}

const all = (value: boolean) => ({
  feed: value,
  post: value,
  comment: value,
  profile: value,
  team: value,
  gear: value,
  image: value,
});

describe('canReport in the answers', () => {
  it('is true for another signed-in player who is not suspended', async () => {
    expect(await abilitiesOf(other)).toEqual(all(true));
  });

  it('is false for the author or owner of each', async () => {
    expect(await abilitiesOf(author)).toEqual(all(false));
  });

  it('is false for a visitor', async () => {
    expect(await abilitiesOf(null)).toEqual(all(false));
  });

  it('is false for a suspended player (who cannot write)', async () => {
    expect(await abilitiesOf(suspended)).toEqual(all(false));
  });

  it("is false for a member on their own team, true on a teammate's content", async () => {
    const seen = await abilitiesOf(teammate);
    expect(seen).toEqual({ ...all(true), team: false });
  });

  it('POST /api/reports follows the same rule: a member cannot report their team (400), nothing stored', async () => {
    const res = await injectAs(t.app, teammate, {
      method: 'POST',
      url: '/api/reports',
      payload: { subjectType: 'team', subjectId: ids.team, reason: 'spam' },
    });
    expect(res.statusCode).toBe(400);
    const outsider = await createUser(t.database.db);
    const team = await createTeam(t.database.db, await createUser(t.database.db));
    const ok = await injectAs(t.app, outsider, {
      method: 'POST',
      url: '/api/reports',
      payload: { subjectType: 'team', subjectId: team.id, reason: 'spam' },
    });
    expect(ok.statusCode).toBe(201);
  });

  it('is worked out without the database (the feed adds no query for it)', () => {
    const viewer = {
      id: 'v',
      role: 'user',
      suspendedUntil: null,
      suspendedIndefinitely: false,
    } as unknown as Parameters<typeof canReport>[0];
    expect(canReport(viewer, { authorId: 'a' })).toBe(true);
    expect(canReport(viewer, { authorId: 'v' })).toBe(false);
    expect(canReport(viewer, { authorId: null, viewerIsMember: true })).toBe(false);
    expect(canReport(null, { authorId: 'a' })).toBe(false);
    const until = new Date(Date.now() + 60_000);
    expect(canReport({ ...viewer!, suspendedUntil: until }, { authorId: 'a' })).toBe(false);
    const ended = new Date(Date.now() - 60_000);
    expect(canReport({ ...viewer!, suspendedUntil: ended }, { authorId: 'a' })).toBe(true);
  });
});
