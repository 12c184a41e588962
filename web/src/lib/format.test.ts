import { afterEach, describe, expect, it, vi } from 'vitest';
import { joinedText, timeAgo } from './format';

afterEach(() => vi.useRealTimers());

describe('dates', () => {
  it("reads 'Joined MMMM yyyy'", () => {
    expect(joinedText('2026-03-15T12:00:00.000Z')).toBe('Joined March 2026');
    expect(joinedText(null)).toBeNull();
  });

  it("is relative ('... ago'), or 'just now' without a date", () => {
    vi.useFakeTimers({ now: new Date('2026-03-15T12:00:00.000Z') });
    expect(timeAgo('2026-03-15T11:55:00.000Z')).toBe('5 minutes ago');
    expect(timeAgo(undefined)).toBe('just now');
  });
});
