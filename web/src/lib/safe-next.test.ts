import { describe, expect, it } from 'vitest';
import { authPath, safeNext } from './safe-next';

describe('safeNext', () => {
  it.each([
    ['/teams/create', '/teams/create'],
    ['/teams?playStyle=milsim', '/teams?playStyle=milsim'],
    ['/profile/ghost_actual#gear', '/profile/ghost_actual#gear'],
    ['/events/%20x', '/events/%20x'],
  ])('keeps the site path %s', (next, expected) => {
    expect(safeNext(next)).toBe(expected);
  });

  it.each([
    null,
    undefined,
    '',
    '//evil.com',
    '//evil.com/teams',
    '/\\evil.com',
    '/\\/evil.com',
    'https://evil.com',
    'http://evil.com/',
    'HTTPS://evil.com',
    '%2F%2Fevil.com',
    // What `next=%252F%252Fevil.com` is after URLSearchParams decoded it once.
    decodeURIComponent('%2F%2Fevil.com'),
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' /teams',
    'evil.com',
    '/\t/evil.com',
    '/\n/evil.com',
    '\\\\evil.com',
    'data:text/html,<script>alert(1)</script>',
    '/auth',
    '/auth?next=/teams',
    `/${'a'.repeat(3000)}`,
  ])('refuses %j and goes to /', (next) => {
    expect(safeNext(next)).toBe('/');
  });

  it('reads what URLSearchParams decoded from an attacker’s address', () => {
    for (const query of ['next=%2F%2Fevil.com', 'next=%2F%5Cevil.com', 'next=https%3A%2F%2Fevil.com'])
      expect(safeNext(new URLSearchParams(query).get('next'))).toBe('/');
    expect(safeNext(new URLSearchParams('next=%2Fteams%2Fcreate').get('next'))).toBe('/teams/create');
  });

  it('builds /auth with the page to come back to', () => {
    expect(authPath('/teams/create')).toBe('/auth?next=%2Fteams%2Fcreate');
    expect(authPath('/')).toBe('/auth');
    expect(safeNext(new URLSearchParams(authPath('/teams?q=a&b=1').split('?')[1]).get('next'))).toBe(
      '/teams?q=a&b=1',
    );
  });
});
