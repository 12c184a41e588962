import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { clearViewerData, queryRoots, setSignedInViewer, userListKeys, userListPath } from './query-keys';

describe('query keys', () => {
  it('refreshes one kind of user-scoped list for every player by its prefix, and nothing else', async () => {
    const client = new QueryClient();
    for (const key of [
      userListKeys.of('teams', 'u-1'),
      userListKeys.of('teams', 'u-2'),
      userListKeys.of('gear', 'u-1'),
      userListKeys.of('badges', 'u-1'),
      queryRoots.currentUser,
    ])
      client.setQueryData(key, []);
    await client.invalidateQueries({ queryKey: userListKeys.all('teams') });
    const stale = client
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.isInvalidated)
      .map((q) => q.queryKey);
    expect(stale).toEqual([userListKeys.of('teams', 'u-1'), userListKeys.of('teams', 'u-2')]);
  });

  it('reads a user-scoped list from GET /api/user/{userId}/{list}', () => {
    expect(userListPath('teams', 'a b')).toBe('/api/user/a%20b/teams');
  });

  it('signed out: the user is null and every other answer is gone', () => {
    const client = new QueryClient();
    client.setQueryData(queryRoots.currentUser, { id: 'u-1' });
    client.setQueryData(userListKeys.of('gear', 'u-1'), []);
    client.setQueryData([...queryRoots.events, 'calendar-feed'], { url: 'secret' });
    clearViewerData(client);
    expect(client.getQueryData(queryRoots.currentUser)).toBeNull();
    expect(
      client
        .getQueryCache()
        .getAll()
        .map((q) => q.queryKey),
    ).toEqual([queryRoots.currentUser]);
  });
});

describe('signing in', () => {
  it('sets the user and marks every answer read for the visitor stale', () => {
    const client = new QueryClient();
    client.setQueryData(queryRoots.currentUser, null);
    client.setQueryData([...queryRoots.events, 'list', {}], []);
    client.setQueryData(userListKeys.of('teams', 'u-1'), []);
    setSignedInViewer(client, { id: 'u-1' });
    expect(client.getQueryData(queryRoots.currentUser)).toEqual({ id: 'u-1' });
    const states = client
      .getQueryCache()
      .getAll()
      .map((q) => [q.queryKey[0], q.state.isInvalidated]);
    expect(states).toEqual([
      ['/api/user', false],
      ['events', true],
      ['user-list', true],
    ]);
  });
});
