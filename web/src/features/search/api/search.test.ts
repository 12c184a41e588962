import { json, mockFetch } from '@web/test/utils';
import { describe, expect, it, vi } from 'vitest';
import { EMPTY_RESULTS, searchAll } from './search';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const answer = {
  ...EMPTY_RESULTS,
  users: [{ id: id(1), username: 'viper_1' }],
  events: [{ id: id(11), title: 'Operation Viper' }],
  gear: [{ id: id(21), title: 'Viper M4', category: 'Rifles', username: 'viper_1' }],
  stores: [{ id: id(31), name: 'Viper Tactical', region: 'Ontario', country: 'Canada' }],
};

describe('searchAll', () => {
  it('asks GET /api/search once with the trimmed query and reads every group', async () => {
    const fetchMock = mockFetch({ 'GET /api/search': () => json(answer) });
    const results = await searchAll('  vi per ');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/search?q=vi%20per']);
    expect(results).toEqual(answer);
  });

  it('a failed or malformed answer gives empty groups, logged as Search failed', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockFetch({ 'GET /api/search': () => json({ message: 'boom' }, 500) });
    expect(await searchAll('viper')).toEqual(EMPTY_RESULTS);
    mockFetch({ 'GET /api/search': () => json({ users: [{ id: id(1) }] }) });
    expect(await searchAll('viper')).toEqual(EMPTY_RESULTS);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls.every(([message]) => message === 'Search failed')).toBe(true);
  });

  it('asks nothing under 2 trimmed characters', async () => {
    const fetchMock = mockFetch({});
    expect(await searchAll(' v  ')).toEqual(EMPTY_RESULTS);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
