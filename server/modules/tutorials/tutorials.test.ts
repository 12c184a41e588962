import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tutorials } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createAdmin, createTutorial, createUser, injectAs, type TestUser } from '../../test/factories';
import { runHousekeeping } from '../housekeeping';
import { refreshYoutubeData } from './service';
import { createYoutubeClient } from './youtube';

const ID = 'dQw4w9WgXcQ';
const ID2 = 'M7lc1UVf-VE';

/** A stand-in for the YouTube Data API v3: answers /youtube/v3/videos in the API's JSON. */
class YoutubeStandIn {
  server: Server;
  requests: URL[] = [];
  videos = new Map<string, { viewCount: string; channelTitle: string; channelId: string }>();
  status = 200;
  constructor() {
    this.server = createServer((req: IncomingMessage, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      this.requests.push(url);
      if (url.pathname !== '/youtube/v3/videos' || url.searchParams.get('key') !== 'test-key') {
        res.writeHead(403, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { code: 403, message: 'API key not valid' } }));
        return;
      }
      if (this.status !== 200) {
        res.writeHead(this.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { code: this.status, message: 'Backend Error' } }));
        return;
      }
      const ids = (url.searchParams.get('id') ?? '').split(',');
      const items = ids.flatMap((id) => {
        const v = this.videos.get(id);
        return v
          ? [
              {
                kind: 'youtube#video',
                etag: 'x',
                id,
                snippet: { title: 'A video', channelId: v.channelId, channelTitle: v.channelTitle },
                statistics: { viewCount: v.viewCount, likeCount: '10', commentCount: '2' },
              },
            ]
          : [];
      });
      res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
      res.end(JSON.stringify({ kind: 'youtube#videoListResponse', etag: 'y', items, pageInfo: {} }));
    });
  }
  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  close() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

let yt: YoutubeStandIn;
let base: string;
let t: TestApp; // with YOUTUBE_API_KEY
let plain: TestApp; // without
let member: TestUser;
let admin: TestUser;
let plainAdmin: TestUser;

beforeAll(async () => {
  yt = new YoutubeStandIn();
  base = await yt.start();
  t = await createTestApp({ config: { youtube: { apiKey: 'test-key', apiBase: base } } });
  plain = await createTestApp();
  member = await createUser(t.database.db);
  admin = await createAdmin(t.database.db);
  plainAdmin = await createAdmin(plain.database.db);
});
afterAll(async () => {
  await t.close();
  await plain.close();
  await yt.close();
});
beforeEach(() => {
  yt.videos.clear();
  yt.requests = [];
  yt.status = 200;
});

const db = () => t.database.db;
const snapshot = () => db().select().from(tutorials).orderBy(tutorials.id);
const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
const valid = {
  title: 'Your first skirmish',
  description: 'Everything to bring to your first game day.',
  content: '',
  image: '',
  category: 'How to Play',
  difficulty: 'Beginner',
  duration: '12 min',
  videoUrl: `https://www.youtube.com/watch?v=${ID}`,
};

describe('GET /api/tutorials', () => {
  it('lists newest first, filters by category (spaces included) and refuses unknown ones', async () => {
    await db().delete(tutorials);
    const a = await createTutorial(db(), { category: 'How to Play', createdAt: at(30) });
    const b = await createTutorial(db(), { category: 'Tactics', createdAt: at(20), type: 'article' });
    const c = await createTutorial(db(), { category: 'How to Play', createdAt: at(10) });
    const ids = (url: string) =>
      injectAs(t.app, null, { url }).then((r) => {
        expect(r.statusCode, url).toBe(200);
        return r.json().map((x: { id: string }) => x.id);
      });
    expect(await ids('/api/tutorials')).toEqual([c.id, b.id, a.id]);
    expect(await ids('/api/tutorials?category=How%20to%20Play')).toEqual([c.id, a.id]);
    expect(await ids('/api/tutorials?category=How+to+Play')).toEqual([c.id, a.id]);
    expect(await ids('/api/tutorials?category=Tactics')).toEqual([b.id]);
    expect(await ids('/api/tutorials?category=Maintenance')).toEqual([]);
    expect(await ids(`/api/tutorials?limit=1&before=${c.id}`)).toEqual([b.id]);
    for (const q of ['category=Cooking', 'category=how%20to%20play', 'limit=101', 'before=x']) {
      const res = await injectAs(t.app, null, { url: `/api/tutorials?${q}` });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().errors, q).toBeTruthy();
    }
  });

  it('answers the SPEC §3 shape with the video id, youtubeData and the viewer’s abilities', async () => {
    const row = await createTutorial(db(), {
      channelTitle: 'Airsoft Academy',
      viewCount: 1234,
      channelId: 'UCabc',
    });
    const article = await createTutorial(db(), { type: 'article', videoUrl: null, content: '# Steps' });
    for (const [viewer, may] of [
      [null, false],
      [member, false],
      [admin, true],
    ] as const) {
      const one = (await injectAs(t.app, viewer, { url: `/api/tutorials/${row.id}` })).json();
      expect(one).toMatchObject({
        id: row.id,
        type: 'video',
        videoId: ID,
        youtubeData: { viewCount: 1234, channelTitle: 'Airsoft Academy', channelId: 'UCabc' },
        canEdit: may,
        canDelete: may,
      });
    }
    // Outside images reach browsers through the image proxy (the answer's media map).
    const pictured = await createTutorial(db(), { image: 'https://img.example.com/hop-up.jpg' });
    const p = (await injectAs(t.app, null, { url: `/api/tutorials/${pictured.id}` })).json();
    expect(p.media['https://img.example.com/hop-up.jpg'].src).toMatch(/^\/api\/image-proxy\?url=/);
    const a = (await injectAs(t.app, null, { url: `/api/tutorials/${article.id}` })).json();
    expect(a).toMatchObject({ type: 'article', videoId: null, youtubeData: null, content: '# Steps' });
    const missing = await injectAs(t.app, null, {
      url: '/api/tutorials/00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Tutorial not found');
  });
});

describe('admin: POST, PUT, DELETE /api/admin/tutorials', () => {
  it('refuses anonymous (401) and members (403) on every write, data unchanged', async () => {
    const row = await createTutorial(db());
    const before = await snapshot();
    for (const call of [
      { method: 'POST' as const, url: '/api/admin/tutorials', payload: valid },
      { method: 'PUT' as const, url: `/api/admin/tutorials/${row.id}`, payload: valid },
      { method: 'DELETE' as const, url: `/api/admin/tutorials/${row.id}` },
    ]) {
      expect((await injectAs(t.app, null, call)).statusCode, call.url).toBe(401);
      expect((await injectAs(t.app, member, call)).statusCode, call.url).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
    expect(yt.requests).toHaveLength(0);
  });

  it('creates with the YouTube data from the API when a key is set (type video by default)', async () => {
    yt.videos.set(ID, { viewCount: '98765', channelTitle: 'Airsoft Academy', channelId: 'UCacademy' });
    const res = await injectAs(t.app, admin, {
      method: 'POST',
      url: '/api/admin/tutorials',
      payload: { ...valid, channelTitle: 'Typed name' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      title: valid.title,
      type: 'video',
      content: null,
      image: null,
      videoId: ID,
      youtubeData: { viewCount: 98765, channelTitle: 'Airsoft Academy', channelId: 'UCacademy' },
      canEdit: true,
    });
    expect(yt.requests).toHaveLength(1);
    expect(yt.requests[0].searchParams.get('part')).toBe('snippet,statistics');
    expect(yt.requests[0].searchParams.get('id')).toBe(ID);
    const [stored] = await db().select().from(tutorials).where(eq(tutorials.id, res.json().id));
    expect(stored.youtubeFetchedAt).toBeInstanceOf(Date);
  });

  it('without a key keeps the typed channel name and shows no view count, with no call out', async () => {
    const res = await injectAs(plain.app, plainAdmin, {
      method: 'POST',
      url: '/api/admin/tutorials',
      payload: { ...valid, videoUrl: `https://youtu.be/${ID2}`, channelTitle: 'Field Notes' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().youtubeData).toEqual({ viewCount: null, channelTitle: 'Field Notes', channelId: null });
    expect(res.json().videoId).toBe(ID2);
    expect(yt.requests).toHaveLength(0);
  });

  it('saves even when the API fails, with the typed name; housekeeping fetches it later', async () => {
    yt.status = 500;
    const res = await injectAs(t.app, admin, {
      method: 'POST',
      url: '/api/admin/tutorials',
      payload: { ...valid, videoUrl: ID2, channelTitle: 'Typed' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().youtubeData).toEqual({ viewCount: null, channelTitle: 'Typed', channelId: null });

    yt.status = 200;
    yt.videos.set(ID2, { viewCount: '42', channelTitle: 'From API', channelId: 'UC2' });
    const client = createYoutubeClient({ apiKey: 'test-key', apiBase: base });
    const result = await runHousekeeping(db(), t.storage, new Date(), { youtube: client });
    expect(result.youtube).toBeGreaterThanOrEqual(1);
    const after = (await injectAs(t.app, null, { url: `/api/tutorials/${res.json().id}` })).json();
    expect(after.youtubeData).toEqual({ viewCount: 42, channelTitle: 'From API', channelId: 'UC2' });
  });

  it('refreshes youtubeData once a day: fresh rows are left alone, day-old ones fetched again', async () => {
    await db().delete(tutorials);
    const client = createYoutubeClient({ apiKey: 'test-key', apiBase: base });
    const now = new Date();
    const fresh = await createTutorial(db(), { viewCount: 1, youtubeFetchedAt: at(60) });
    const stale = await createTutorial(db(), {
      videoUrl: `https://www.youtube.com/embed/${ID2}`,
      viewCount: 1,
      channelTitle: 'Old name',
      youtubeFetchedAt: at(25 * 60),
    });
    const gone = await createTutorial(db(), {
      videoUrl: 'https://youtu.be/AAAAAAAAAAA',
      youtubeFetchedAt: null,
    });
    await createTutorial(db(), { type: 'article', videoUrl: null });
    yt.videos.set(ID, { viewCount: '500', channelTitle: 'A', channelId: 'UCa' });
    yt.videos.set(ID2, { viewCount: '777', channelTitle: 'New name', channelId: 'UCb' });

    expect(await refreshYoutubeData(db(), client, now)).toBe(1);
    expect(yt.requests).toHaveLength(1);
    expect(yt.requests[0].searchParams.get('id')?.split(',').sort()).toEqual(['AAAAAAAAAAA', ID2].sort());
    const rowOf = async (id: string) => (await db().select().from(tutorials).where(eq(tutorials.id, id)))[0];
    expect((await rowOf(fresh.id)).viewCount).toBe(1);
    expect(await rowOf(stale.id)).toMatchObject({
      viewCount: 777,
      channelTitle: 'New name',
      channelId: 'UCb',
    });
    // A video the API no longer knows is stamped, so it is asked again only the next day.
    expect((await rowOf(gone.id)).youtubeFetchedAt).toEqual(now);
    expect(await refreshYoutubeData(db(), client, now)).toBe(0);
    expect(yt.requests).toHaveLength(1);
    // A day later, all three video tutorials are due again.
    expect(await refreshYoutubeData(db(), client, new Date(now.getTime() + 25 * 3600_000))).toBe(2);
  });

  it('housekeeping reports an unreachable API and stamps nothing', async () => {
    await db().delete(tutorials);
    const row = await createTutorial(db(), { youtubeFetchedAt: null });
    yt.status = 503;
    const client = createYoutubeClient({ apiKey: 'test-key', apiBase: base });
    await expect(refreshYoutubeData(db(), client)).rejects.toThrow('YouTube Data API answered 503');
    const wrongKey = createYoutubeClient({ apiKey: 'other', apiBase: base });
    await expect(wrongKey.videos([ID])).rejects.not.toThrow(/other/);
    const [stored] = await db().select().from(tutorials).where(eq(tutorials.id, row.id));
    expect(stored.youtubeFetchedAt).toBeNull();
  });

  it('answers 400 with field errors and stores nothing', async () => {
    const before = await snapshot();
    for (const [payload, field] of [
      [{ ...valid, title: '' }, 'title'],
      [{ ...valid, description: undefined }, 'description'],
      [{ ...valid, category: 'Cooking' }, 'category'],
      [{ ...valid, difficulty: 'Expert' }, 'difficulty'],
      [{ ...valid, duration: ' ' }, 'duration'],
      [{ ...valid, type: 'podcast' }, 'type'],
      [{ ...valid, videoUrl: 'https://vimeo.com/12345' }, 'videoUrl'],
      [{ ...valid, videoUrl: '' }, 'videoUrl'],
      [{ ...valid, image: 'ftp://x/y.png' }, 'image'],
    ] as const) {
      const res = await injectAs(t.app, admin, { method: 'POST', url: '/api/admin/tutorials', payload });
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys(res.json().errors), field).toContain(field);
    }
    expect(
      (
        await injectAs(t.app, admin, {
          method: 'POST',
          url: '/api/admin/tutorials',
          payload: { ...valid, youtubeData: { viewCount: 1 } },
        })
      ).statusCode,
    ).toBe(400);
    expect(await snapshot()).toEqual(before);
    expect(yt.requests).toHaveLength(0);
  });

  it('creates an article tutorial without a video', async () => {
    const res = await injectAs(t.app, admin, {
      method: 'POST',
      url: '/api/admin/tutorials',
      payload: {
        ...valid,
        type: 'article',
        videoUrl: '',
        content: '## Steps\n\n1. Clean\n2. Oil',
        image: '/objects/images/demo-x.webp',
        category: 'Maintenance',
        difficulty: 'Advanced',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      type: 'article',
      videoUrl: null,
      videoId: null,
      youtubeData: null,
      category: 'Maintenance',
      difficulty: 'Advanced',
      image: '/objects/images/demo-x.webp',
    });
    expect(yt.requests).toHaveLength(0);
  });

  it('replaces with PUT (fetching the new video), 404 when missing; deletes (204), then 404', async () => {
    const row = await createTutorial(db(), { createdAt: at(90) });
    yt.videos.set(ID2, { viewCount: '10', channelTitle: 'Second', channelId: 'UC2' });
    const res = await injectAs(t.app, admin, {
      method: 'PUT',
      url: `/api/admin/tutorials/${row.id}`,
      payload: {
        ...valid,
        title: 'Fixed title',
        videoUrl: ID2,
        category: 'Milsim',
        difficulty: 'Intermediate',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: row.id,
      title: 'Fixed title',
      category: 'Milsim',
      difficulty: 'Intermediate',
      videoId: ID2,
      youtubeData: { viewCount: 10, channelTitle: 'Second' },
      createdAt: row.createdAt.toISOString(),
    });
    const missing = await injectAs(t.app, admin, {
      method: 'PUT',
      url: '/api/admin/tutorials/00000000-0000-4000-8000-000000000000',
      payload: valid,
    });
    expect(missing.statusCode).toBe(404);

    expect(
      (await injectAs(t.app, admin, { method: 'DELETE', url: `/api/admin/tutorials/${row.id}` })).statusCode,
    ).toBe(204);
    expect((await injectAs(t.app, null, { url: `/api/tutorials/${row.id}` })).statusCode).toBe(404);
    expect(
      (await injectAs(t.app, admin, { method: 'DELETE', url: `/api/admin/tutorials/${row.id}` })).statusCode,
    ).toBe(404);
  });

  it('keeps the view count on a PUT of the same video without a key', async () => {
    const row = await createTutorial(plain.database.db, {
      viewCount: 321,
      channelTitle: 'Kept',
      channelId: 'UCk',
    });
    const res = await injectAs(plain.app, plainAdmin, {
      method: 'PUT',
      url: `/api/admin/tutorials/${row.id}`,
      payload: { ...valid, title: 'Same video', channelTitle: 'Renamed' },
    });
    expect(res.json().youtubeData).toEqual({ viewCount: 321, channelTitle: 'Renamed', channelId: 'UCk' });
  });
});

describe('the CSP', () => {
  it('lets the page frame the privacy-enhanced YouTube player', async () => {
    const res = await t.app.inject({ url: '/api/tutorials' });
    expect(String(res.headers['content-security-policy'])).toMatch(
      /frame-src[^;]*https:\/\/www\.youtube-nocookie\.com/,
    );
  });
});
