import { createQueryClient } from '@web/lib/query-client';
import { describe, expect, it } from 'vitest';
import { titleWithCount } from '../format';
import { applyStreamEvent } from '../live';
import { aNotification, aPage, entries } from '../test-data';
import { compareIds, listWithEntry, menuWithEntry, withEntry } from './cache';
import { notificationKeys } from './keys';

const ids = (items: { id: string }[]) => items.map((n) => n.id);

describe('the cached lists', () => {
  it('compares ids as numbers', () => {
    expect(compareIds('9', '10')).toBeLessThan(0);
    expect(compareIds('123456789012345678', '123456789012345677')).toBeGreaterThan(0);
    expect(compareIds('42', '42')).toBe(0);
  });

  it('puts a new entry in its place, once, and replaces its unread group', () => {
    expect(ids(withEntry(entries(10, 3), aNotification({ id: '11' })))).toEqual(['11', '10', '9', '8']);
    expect(ids(withEntry(entries(10, 3), aNotification({ id: '9' })))).toEqual(['10', '9', '8']);
    const like = (id: string, url: string, read = false) => aNotification({ id, kind: 'like', url, read });
    expect(ids(withEntry([like('5', '/posts/a'), like('4', '/posts/b')], like('6', '/posts/a')))).toEqual([
      '6',
      '4',
    ]);
    // A read group is kept: the server starts a new entry.
    expect(ids(withEntry([like('5', '/posts/a', true)], like('6', '/posts/a')))).toEqual(['6', '5']);
    const follow = (id: string) => aNotification({ id, kind: 'follow', url: `/profile/u${id}` });
    expect(ids(withEntry([follow('3'), aNotification({ id: '2' })], follow('7')))).toEqual(['7', '2']);
  });

  it('keeps the menu to ten', () => {
    const menu = menuWithEntry(aPage(entries(10, 10)), aNotification({ id: '11' }));
    expect(ids(menu.items)).toEqual(['11', '10', '9', '8', '7', '6', '5', '4', '3', '2']);
    expect(menu.nextCursor).toBe('2');
  });

  it("puts an entry into the page's pages where it belongs, and leaves an older one to Load more", () => {
    const data = {
      pages: [aPage(entries(30, 3), { nextCursor: '28' }), aPage(entries(20, 2), { nextCursor: '19' })],
      pageParams: [undefined, '28'],
    };
    expect(listWithEntry(data, aNotification({ id: '31' })).pages.map((p) => ids(p.items))).toEqual([
      ['31', '30', '29', '28'],
      ['20', '19'],
    ]);
    expect(listWithEntry(data, aNotification({ id: '25' })).pages.map((p) => ids(p.items))).toEqual([
      ['30', '29', '28'],
      ['25', '20', '19'],
    ]);
    expect(listWithEntry(data, aNotification({ id: '5' })).pages.map((p) => ids(p.items))).toEqual([
      ['30', '29', '28'],
      ['20', '19'],
    ]);
  });
});

describe('stream events', () => {
  it('count sets the unread count (0 marks every cached entry read); notification joins the lists', () => {
    const client = createQueryClient();
    client.setQueryData(notificationKeys.menu(), aPage(entries(5, 2)));
    applyStreamEvent(client, 'notification', JSON.stringify(aNotification({ id: '6' })));
    applyStreamEvent(client, 'count', JSON.stringify({ count: 3 }));
    expect(client.getQueryData(notificationKeys.unreadCount())).toEqual({ count: 3 });
    const menu = client.getQueryData<ReturnType<typeof aPage>>(notificationKeys.menu());
    expect(ids(menu?.items ?? [])).toEqual(['6', '5', '4']);
    applyStreamEvent(client, 'count', JSON.stringify({ count: 0 }));
    expect(
      client.getQueryData<ReturnType<typeof aPage>>(notificationKeys.menu())?.items.every((n) => n.read),
    ).toBe(true);
    // Not JSON, or not the shape: ignored.
    applyStreamEvent(client, 'count', 'not json');
    applyStreamEvent(client, 'notification', JSON.stringify({ hello: 1 }));
    expect(client.getQueryData(notificationKeys.unreadCount())).toEqual({ count: 0 });
  });
});

describe('the title', () => {
  it('puts the count in front, once, and takes it off at 0', () => {
    expect(titleWithCount('Airsoft Community', 3)).toBe('(3) Airsoft Community');
    expect(titleWithCount('(3) Airsoft Community', 120)).toBe('(99+) Airsoft Community');
    expect(titleWithCount('(99+) Airsoft Community', 0)).toBe('Airsoft Community');
  });
});
