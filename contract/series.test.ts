import { describe, expect, it } from 'vitest';
import { SERIES_TEXTS, seriesDates, shiftedLike } from './series';
import { wallTime } from './time-zone';

const starts = (plan: ReturnType<typeof seriesDates>) =>
  plan.ok ? plan.dates.map((d) => d.date) : plan.message;

describe('seriesDates (issue 26)', () => {
  it('monthly: a first game on the 5th Saturday repeats on the last Saturday of each month', () => {
    // Saturday 29 May 2032 is May's 5th Saturday; June's last is the 26th, July's the 31st.
    const plan = seriesDates(
      { date: '2032-05-29T10:00:00.000Z', endsAt: null, timeZone: 'UTC' },
      { frequency: 'monthly', count: 3 },
    );
    expect(starts(plan)).toEqual([
      '2032-05-29T10:00:00.000Z',
      '2032-06-26T10:00:00.000Z',
      '2032-07-31T10:00:00.000Z',
    ]);
  });

  it('monthly keeps the local time across daylight saving (New York, 1st Sunday)', () => {
    const plan = seriesDates(
      { date: '2032-02-01T15:00:00.000Z', endsAt: '2032-02-01T20:00:00.000Z', timeZone: 'America/New_York' },
      { frequency: 'monthly', count: 3 },
    );
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    expect(plan.dates.map((d) => wallTime('America/New_York', Date.parse(d.date)).slice(5, 16))).toEqual([
      '02-01T10:00',
      '03-07T10:00',
      '04-04T10:00',
    ]);
    expect(
      plan.dates.map((d) => wallTime('America/New_York', Date.parse(d.endsAt ?? '')).slice(11, 16)),
    ).toEqual(['15:00', '15:00', '15:00']);
  });

  it('a year at most: 53 weekly games fit, 54 do not; 13 monthly do, 14 do not', () => {
    const start = { date: '2032-01-03T10:00:00.000Z', endsAt: null, timeZone: 'UTC' };
    expect(seriesDates(start, { frequency: 'weekly', count: 53 }).ok).toBe(true);
    expect(starts(seriesDates(start, { frequency: 'weekly', count: 54 }))).toBe(SERIES_TEXTS.tooMany(53));
    expect(seriesDates(start, { frequency: 'monthly', count: 13 }).ok).toBe(true);
    expect(starts(seriesDates(start, { frequency: 'monthly', count: 14 }))).toBe(SERIES_TEXTS.tooMany(13));
    expect(starts(seriesDates(start, { frequency: 'weekly', until: '2033-01-04' }))).toBe(
      SERIES_TEXTS.tooFar,
    );
  });

  it('shiftedLike moves another game by the same change of local time', () => {
    // Saturday 10:00 to Sunday 11:00 in London moves a game after the clocks change likewise.
    expect(
      shiftedLike(
        '2032-03-20T10:00:00.000Z',
        '2032-03-21T11:00:00.000Z',
        '2032-04-03T09:00:00.000Z',
        'Europe/London',
      ),
    ).toBe('2032-04-04T10:00:00.000Z');
  });
});
