import { FIELD_RATING_PRIOR } from '../../../contract';

/**
 * The Bayesian rating IMDb and BoardGameGeek rank by, so that one 5-star vote does not beat fifty
 * 4.8s: (v*R + m*C) / (v + m), with v the field's number of ratings, R their average, C the mean
 * rating over every field and m the prior (3). Null for a field nobody has rated.
 */
export function weightedRating(
  v: number,
  R: number,
  C: number,
  m: number = FIELD_RATING_PRIOR,
): number | null {
  if (!(v > 0)) return null;
  return (v * R + m * C) / (v + m);
}
