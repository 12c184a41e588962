import { json, mockFetch } from '@web/test/utils';
import { describe, expect, it, vi } from 'vitest';
import { searchAll } from './search';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const players = [1, 2, 3, 4].map((i) => ({ id: id(i), username: `viper_${i}` }));
const events = [{ id: id(11), title: 'Operation Viper' }];
const products = [1, 2, 3, 4, 5, 6, 7].map((i) => ({ id: id(20 + i), name: `Viper rifle ${i}` }));

describe('searchAll', () => {
  it('asks the three searches with the trimmed query and keeps the first 5 gear items', async () => {
    const fetchMock = mockFetch({
      'GET /api/users/search': () => json(players),
      'GET /api/events/search': () => json(events),
      'GET /api/products': () => json({ products }),
    });
    const results = await searchAll('  vi per ');
    expect(fetchMock.mock.calls.map(([url]) => url).sort()).toEqual([
      '/api/events/search?q=vi%20per',
      '/api/products?search=vi%20per',
      '/api/users/search?q=vi%20per',
    ]);
    expect(results.players).toHaveLength(4);
    expect(results.events).toEqual(events);
    expect(results.gear.map((g) => g.id)).toEqual([21, 22, 23, 24, 25].map(id));
  });

  it('accepts a bare list from the product search', async () => {
    mockFetch({
      'GET /api/users/search': () => json([]),
      'GET /api/events/search': () => json([]),
      'GET /api/products': () => json(products.slice(0, 2)),
    });
    expect((await searchAll('viper')).gear.map((g) => g.name)).toEqual(['Viper rifle 1', 'Viper rifle 2']);
  });

  it('a failed call gives an empty group, logged as Search failed; the others still answer', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockFetch({
      'GET /api/users/search': () => json({ message: 'boom' }, 500),
      'GET /api/events/search': () => json(events),
      'GET /api/products': () => Promise.reject(new TypeError('network down')),
    });
    const results = await searchAll('viper');
    expect(results).toEqual({ players: [], events, gear: [] });
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls.every(([message]) => message === 'Search failed')).toBe(true);
  });

  it('reads each answer through its contract schema: a malformed one empties its group, logged', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockFetch({
      'GET /api/users/search': () => json([{ id: id(1) }]),
      'GET /api/events/search': () => json({ events }),
      'GET /api/products': () => json({ products: [{ ...products[0], extra: true }] }),
    });
    const results = await searchAll('viper');
    expect(results).toEqual({ players: [], events: [], gear: [products[0]] });
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('asks nothing under 2 trimmed characters', async () => {
    const fetchMock = mockFetch({});
    expect(await searchAll(' v  ')).toEqual({ players: [], events: [], gear: [] });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
