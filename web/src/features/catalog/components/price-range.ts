/**
 * The y scale of a price history: the prices with a tenth of their spread above and below; a flat
 * history (every price equal, or one point) gets a tenth of the price each side (at least 1), so
 * the line is drawn across the middle of a readable scale instead of on a range of zero height.
 * Prices are never negative, so the scale does not go below 0.
 */
export function priceRange(min: number | null, max: number | null): [number, number] {
  if (min === null || max === null || !Number.isFinite(min) || !Number.isFinite(max)) return [0, 1];
  const lo = Math.min(min, max);
  const hi = Math.max(min, max);
  const spread = hi - lo;
  const pad = spread > 1e-9 ? spread * 0.1 : Math.max(Math.abs(hi) * 0.1, 1);
  return [Math.max(0, lo - pad), hi + pad];
}
