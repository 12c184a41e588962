import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLACES_LIMIT } from '../../../contract';
import { createTestApp, type TestApp } from '../../test/app';
import { injectAs } from '../../test/factories';

/** The offline gazetteer (issue 26). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (q: string) => injectAs(t.app, null, { url: `/api/places?q=${encodeURIComponent(q)}` });

describe('GET /api/places', () => {
  it('answers cities whose name starts with q, the exact name and the most populous first, cacheable', async () => {
    const res = await get('leeds');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('public');
    const [first] = res.json();
    expect(first).toMatchObject({ name: 'Leeds', country: 'United Kingdom', region: 'West Yorkshire' });
    expect(first.lat).toBeCloseTo(53.83, 1);
    expect(first.lng).toBeCloseTo(-1.58, 1);
    const man = (await get('Man')).json() as { name: string }[];
    expect(man.length).toBeLessThanOrEqual(PLACES_LIMIT);
    expect(man.length).toBeGreaterThan(3);
    for (const p of man) expect(p.name.toLowerCase().startsWith('man')).toBe(true);
  });

  it('ignores accents and case, both ways, and finds a word of the name after the prefixes', async () => {
    expect((await get('zurich')).json()[0].name).toBe('Zürich');
    expect((await get('ZÜRICH')).json()[0].name).toBe('Zürich');
    expect((await get('tombua')).json()[0].name).toBe('Tômbua');
    expect((await get('TÔMB')).json()[0].name).toBe('Tômbua');
    expect((await get('york')).json().map((p: { name: string }) => p.name)).toContain('New York');
  });

  it('answers at most ten, none for an empty query, and refuses control characters', async () => {
    expect((await get('s')).json()).toHaveLength(PLACES_LIMIT);
    expect((await get('')).json()).toEqual([]);
    expect((await get('qqqzzz')).json()).toEqual([]);
    expect((await get('Lee\u0000ds')).statusCode).toBe(400);
    expect((await get('x'.repeat(101))).statusCode).toBe(400);
  });
});
