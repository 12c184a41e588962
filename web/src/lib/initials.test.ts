import { describe, expect, it } from 'vitest';
import { initials } from './initials';

describe('initials', () => {
  it('is the first two letters of the username, uppercased', () => {
    expect(initials('ghost_actual')).toBe('GH');
    expect(initials('x')).toBe('X');
    expect(initials('aB9')).toBe('AB');
    expect(initials('')).toBe('');
  });
});
