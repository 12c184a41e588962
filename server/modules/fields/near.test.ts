import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_TYPES, type FieldType } from '../../../contract/fields';
import { fields } from '../../db/schema';
import { rngFrom } from '../../demo/random';
import { boundingBox } from '../../lib/geo';
import { createTestApp, type TestApp } from '../../test/app';
import { injectAs } from '../../test/factories';
import { type FieldListOptions, listFields, NEAR_STEPS_KM } from './service';

/**
 * Near me widens its radius step by step (NEAR_STEPS_KM, then the radius asked for): every page,
 * `before` included, must be the very page the one query over the whole radius gives.
 */

const EARTH_KM = 6371;
const rad = (d: number) => (d * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;

/** The point `km` from (lat, lng) on the initial bearing `bearing` (degrees), on the same sphere. */
function destination(lat: number, lng: number, km: number, bearing: number) {
  const d = km / EARTH_KM;
  const p1 = rad(lat);
  const t = rad(bearing);
  const p2 = Math.asin(Math.sin(p1) * Math.cos(d) + Math.cos(p1) * Math.sin(d) * Math.cos(t));
  const l2 =
    rad(lng) +
    Math.atan2(Math.sin(t) * Math.sin(d) * Math.cos(p1), Math.cos(d) - Math.sin(p1) * Math.sin(p2));
  return { lat: deg(p2), lng: ((deg(l2) + 540) % 360) - 180 };
}

const inBox = (box: ReturnType<typeof boundingBox>, p: { lat: number; lng: number }) =>
  p.lat >= box.minLat &&
  p.lat <= box.maxLat &&
  (box.minLng === null || box.maxLng === null || (p.lng >= box.minLng && p.lng <= box.maxLng));

describe('boundingBox', () => {
  it('holds every point of the circle, where its widest longitudes lie poleward of the centre', () => {
    for (const [lat, lng] of [
      [43.65, -79.38],
      [60, 10],
      [-70, 20],
      [0, 0],
    ])
      for (const km of [1, 25, 100, 250, 500, 1500])
        for (let bearing = 0; bearing < 360; bearing += 0.5) {
          const p = destination(lat, lng, km * (1 - 1e-12), bearing);
          expect(inBox(boundingBox(lat, lng, km), p), `${lat},${lng} ${km} km bearing ${bearing}`).toBe(true);
        }
    // A box of δ / cos φ leaves out a sliver at 60° N, 500 km due east-ish: this one must not.
    const edge = Array.from({ length: 720 }, (_, i) => destination(60, 10, 500 * (1 - 1e-12), i / 2));
    expect(edge.every((p) => inBox(boundingBox(60, 10, 500), p))).toBe(true);
  });

  it('drops the longitude bound across the antimeridian and at a pole', () => {
    expect(boundingBox(10, 179.9, 100).minLng).toBeNull();
    expect(boundingBox(89.5, 0, 100).minLng).toBeNull();
    expect(boundingBox(-89.9, 0, 50).minLng).toBeNull();
    expect(boundingBox(0, 0, 30_000).minLng).toBeNull();
    expect(boundingBox(0, 0, 30_000).minLat).toBe(-90);
  });
});

let t: TestApp;
// A seeded generator (the demo's): the same fixture on every run.
const rnd = rngFrom('near-13');
const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)];

beforeAll(async () => {
  t = await createTestApp();
  const rowsOf: (typeof fields.$inferInsert)[] = [];
  const add = (lat: number | null, lng: number | null) =>
    rowsOf.push({ name: `F${rowsOf.length}`, type: pick(FIELD_TYPES), lat, lng });
  // Dense: 1,500 around Toronto within about 150 km, thickest in the middle.
  for (let i = 0; i < 1500; i++) {
    const p = destination(43.65, -79.38, 150 * rnd() ** 2, 360 * rnd());
    add(p.lat, p.lng);
  }
  // A tight cluster: 150 within 3 km of one spot (many at nearly the same distance).
  for (let i = 0; i < 150; i++) {
    const p = destination(45.5, -73.57, 3 * rnd(), 360 * rnd());
    add(p.lat, p.lng);
  }
  // Sparse: 600 over North America, 60 across the antimeridian, 40 near the North Pole.
  for (let i = 0; i < 600; i++) add(25 + 30 * rnd(), -125 + 60 * rnd());
  for (let i = 0; i < 60; i++) add(-20 + 10 * rnd(), rnd() < 0.5 ? 178 + 2 * rnd() : -180 + 2 * rnd());
  for (let i = 0; i < 40; i++) add(87 + 3 * rnd(), -180 + 360 * rnd());
  // Two at the very same place, and a few without coordinates.
  add(44, -100);
  add(44, -100);
  for (let i = 0; i < 10; i++) add(null, null);
  for (let i = 0; i < rowsOf.length; i += 500)
    await t.database.db.insert(fields).values(rowsOf.slice(i, i + 500));
});
afterAll(() => t.close());

const page = (opts: FieldListOptions) =>
  listFields(t.database.db, opts, null).then((list) => list.map((f) => [f.id, f.distance]));

/** Every page, stepped and as one query, the same; answers how many pages and rows were walked. */
async function walk(base: Omit<FieldListOptions, 'before'>, pages: number) {
  let before: string | undefined;
  let seen = 0;
  for (let n = 0; n < pages; n++) {
    const stepped = await page({ ...base, before });
    const single = await page({ ...base, before, radiusSteps: [] });
    expect(stepped, JSON.stringify({ ...base, before, n })).toEqual(single);
    seen += stepped.length;
    if (stepped.length < base.limit) break;
    before = stepped[stepped.length - 1][0] as string;
  }
  return seen;
}

describe('GET /api/fields?near= widening step by step', () => {
  it('gives the same pages as the one query over the whole radius, dense and sparse, paged', async () => {
    const places: [string, number, number][] = [
      ['Toronto (dense)', 43.65, -79.38],
      ['Montreal cluster', 45.5, -73.57],
      ['Kansas (sparse)', 39, -98],
      ['Atlantic (empty)', 35, -40],
      ['Fiji (antimeridian)', -15, 179.9],
      ['North Pole', 89.5, 30],
      ['twin fields', 44, -100],
    ];
    let rows = 0;
    for (const [, lat, lng] of places)
      for (const radius of [undefined, 30, 120, 300, 3000])
        for (const limit of [1, 7, 100]) {
          rows += await walk({ near: { lat, lng }, radius, limit }, limit === 1 ? 2 : 3);
        }
    // The fixture gave full pages at the small steps and partial ones at the last.
    expect(rows).toBeGreaterThan(2000);
  });

  it('with a type filter, other step lists, and an unknown or far cursor', async () => {
    const near = { lat: 43.65, lng: -79.38 };
    for (const type of FIELD_TYPES.slice(0, 3) as FieldType[])
      for (const limit of [5, 50]) await walk({ near, type, limit }, 3);
    for (const radiusSteps of [[1], [5, 10, 20, 40, 80, 160], [499.9], [600, 25]])
      await walk({ near, limit: 20, radiusSteps }, 3);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(await page({ near, limit: 10, before: unknown })).toEqual([]);
    // A cursor beyond the radius: nothing after it within the radius.
    const [far] = await page({ near: { lat: 89.5, lng: 30 }, limit: 1 });
    expect(await page({ near, limit: 10, before: far[0] as string })).toEqual([]);
    expect(NEAR_STEPS_KM.every((r) => r < 500)).toBe(true);
  });

  it('answers the same through the API, page after page', async () => {
    const get = async (q: string) =>
      (await injectAs(t.app, null, { url: `/api/fields?${q}` })).json() as Promise<
        { id: string; distance: number }[]
      >;
    const first = await get('near=43.65,-79.38&limit=100');
    expect(first).toHaveLength(100);
    const second = await get(`near=43.65,-79.38&limit=100&before=${first[99].id}`);
    expect(second).toHaveLength(100);
    expect(second[0].distance).toBeGreaterThanOrEqual(first[99].distance);
    const single = await page({ near: { lat: 43.65, lng: -79.38 }, limit: 100, radiusSteps: [] });
    expect(first.map((f) => [f.id, f.distance])).toEqual(single);
  });
});
