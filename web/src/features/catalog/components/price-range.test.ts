import { describe, expect, it } from 'vitest';
import { priceRange } from './price-range';

describe('priceRange', () => {
  it('pads a flat history around its price instead of a zero-height range', () => {
    expect(priceRange(499, 499)).toEqual([449.1, 548.9].map((n) => expect.closeTo(n, 6)));
    const [lo, hi] = priceRange(499, 499);
    expect(hi - lo).toBeGreaterThan(0);
    expect(lo).toBeLessThan(499);
    expect(hi).toBeGreaterThan(499);
  });

  it('keeps at least one unit each side for a tiny or zero price, never below 0', () => {
    expect(priceRange(2, 2)).toEqual([1, 3]);
    expect(priceRange(0, 0)).toEqual([0, 1]);
  });

  it('pads a moving history by a tenth of its spread', () => {
    expect(priceRange(400, 500)).toEqual([390, 510]);
    expect(priceRange(5, 100)).toEqual([0, 109.5]);
  });

  it('answers a usable range when uPlot has no data', () => {
    expect(priceRange(null, null)).toEqual([0, 1]);
    expect(priceRange(Number.NaN, 3)).toEqual([0, 1]);
  });
});
