import { calendarMonthWindow } from '@contract/events';
import { describe, expect, it } from 'vitest';
import { eventDay } from './event-format';

describe('eventDay', () => {
  it("is the day in the event's own zone, whatever the viewer's", () => {
    // 02:00 UTC on Jan 11 is still Jan 10 in Chicago, and already Jan 11 in Berlin.
    const date = '2031-01-11T02:00:00.000Z';
    const chicago = eventDay({ date, timeZone: 'America/Chicago' });
    expect([chicago.getFullYear(), chicago.getMonth(), chicago.getDate()]).toEqual([2031, 0, 10]);
    const berlin = eventDay({ date, timeZone: 'Europe/Berlin' });
    expect([berlin.getFullYear(), berlin.getMonth(), berlin.getDate()]).toEqual([2031, 0, 11]);
    expect(berlin.getHours()).toBe(0);
  });

  it("falls back to the viewer's day without a zone or with an unknown one", () => {
    const date = '2031-06-15T12:00:00.000Z';
    const local = new Date(date);
    for (const timeZone of [null, 'Mars/Olympus']) {
      const day = eventDay({ date, timeZone });
      expect(day.getDate()).toBe(local.getDate());
    }
  });
});

describe('calendarMonthWindow', () => {
  it('holds the month in every zone: 14 hours either side of the UTC month', () => {
    expect(calendarMonthWindow(2031, 0)).toEqual({
      from: '2030-12-31T10:00:00.000Z',
      to: '2031-02-01T14:00:00.000Z',
    });
    expect(calendarMonthWindow(2031, 11).to).toBe('2032-01-01T14:00:00.000Z');
  });
});
