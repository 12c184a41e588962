import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  EMPTY_FILTERS,
  type FindFilters,
  readFilters,
  savedFilters,
  whenRange,
  writeFilters,
} from './filters';

describe('find filters ↔ address', () => {
  it('round-trips every filter through the address, keeping other keys', () => {
    const f: FindFilters = {
      when: 'weekend',
      from: '2026-11-28',
      to: '2026-11-29',
      near: '53.8,-1.55',
      place: 'Leeds, West Yorkshire, United Kingdom',
      radius: 100,
      type: 'Milsim',
      placesLeft: true,
      beginner: true,
      replicasAllowed: true,
    };
    const params = writeFilters(f, new URLSearchParams('view=grid'));
    expect(params.get('view')).toBe('grid');
    expect(Object.fromEntries(params)).toMatchObject({
      from: '2026-11-28',
      to: '2026-11-29',
      near: '53.8,-1.55',
      radius: '100',
      type: 'Milsim',
      placesLeft: 'true',
      beginner: 'true',
      replicasAllowed: 'true',
    });
    expect(readFilters(new URLSearchParams(params.toString()))).toEqual(f);
    expect(readFilters(writeFilters(EMPTY_FILTERS))).toEqual(EMPTY_FILTERS);
    expect(writeFilters(EMPTY_FILTERS, params).toString()).toBe('view=grid');
  });

  it('reads leniently: invalid values are left out; dates alone read as "Dates…"', () => {
    const f = readFilters(new URLSearchParams('from=2026-13-1&near=x&radius=30&type=milsim&beginner=yes'));
    expect(f).toEqual({ ...EMPTY_FILTERS, type: 'Milsim' });
    expect(readFilters(new URLSearchParams('from=2026-12-01&to=2026-12-03')).when).toBe('dates');
    expect(readFilters(new URLSearchParams('near=1,2&radius=30')).radius).toBeUndefined();
  });

  it('computes this weekend and the next 7 days from today', () => {
    const wednesday = new Date(2026, 10, 25);
    expect(whenRange('weekend', wednesday)).toEqual({ from: '2026-11-28', to: '2026-11-29' });
    expect(whenRange('weekend', new Date(2026, 10, 28))).toEqual({ from: '2026-11-28', to: '2026-11-29' });
    expect(whenRange('weekend', new Date(2026, 10, 29))).toEqual({ from: '2026-11-29', to: '2026-11-29' });
    expect(whenRange('week', wednesday)).toEqual({ from: '2026-11-25', to: '2026-12-01' });
    expect(whenRange('any', wednesday)).toEqual({});
  });

  it('saves only the filters set, as the API reads them', () => {
    expect(savedFilters({ ...EMPTY_FILTERS, near: '1,2', radius: 25, beginner: true })).toEqual({
      near: '1,2',
      radius: '25',
      beginner: 'true',
    });
  });
});

describe('activeFilterCount', () => {
  it('counts the dates, the distance (a place with a radius) and each toggle; not the type', () => {
    expect(activeFilterCount(EMPTY_FILTERS)).toBe(0);
    expect(activeFilterCount({ ...EMPTY_FILTERS, type: 'Milsim' })).toBe(0);
    // A place without a radius does not narrow the list.
    expect(activeFilterCount({ ...EMPTY_FILTERS, near: '49.9,-97.1' })).toBe(0);
    expect(
      activeFilterCount({
        ...EMPTY_FILTERS,
        when: 'weekend',
        from: '2030-01-05',
        to: '2030-01-06',
        near: '49.9,-97.1',
        radius: 50,
        placesLeft: true,
        beginner: true,
        replicasAllowed: true,
      }),
    ).toBe(5);
  });
});
