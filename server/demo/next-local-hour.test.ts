import { describe, expect, it } from 'vitest';
import { nextLocalHour } from './notifications';

describe("the demo's game tonight", () => {
  it('starts at the next 19:00 in its own zone, whatever the hour of the seed and the season', () => {
    // 05:10 UTC in November is 00:10 EST: tonight's 19:00 EST is 00:00 UTC the next day.
    expect(nextLocalHour(new Date('2026-11-27T05:10:00Z'), 'America/Toronto', 19).toISOString()).toBe(
      '2026-11-28T00:00:00.000Z',
    );
    // In July Toronto is on EDT (UTC-4), and 22:30 UTC is already past 18:00 local: 19:00 is 23:00 UTC.
    expect(nextLocalHour(new Date('2026-07-03T22:30:00Z'), 'America/Toronto', 19).toISOString()).toBe(
      '2026-07-03T23:00:00.000Z',
    );
  });
});
