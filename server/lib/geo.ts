import { type SQL, sql } from 'drizzle-orm';

/** Geometry shared by the areas that search near a point (events, stores, fields). */

export const EARTH_KM = 6371;
const DEG = 180 / Math.PI;
/** Float slack on the box's edges, in degrees (the distance filter is the exact test). */
const SLACK = 1e-9;

/**
 * The latitude and longitude range that holds the whole spherical cap of `km` around a point (its
 * widest longitudes lie poleward of the centre: asin(sin δ / cos φ), not δ / cos φ). No longitude
 * bound (null) when the cap reaches a pole or crosses the antimeridian.
 */
export function boundingBox(lat: number, lng: number, km: number) {
  const delta = km / EARTH_KM;
  const minLat = lat - delta * DEG - SLACK;
  const maxLat = lat + delta * DEG + SLACK;
  const reach = Math.sin(Math.min(delta, Math.PI / 2)) / Math.cos((lat * Math.PI) / 180);
  const open = delta >= Math.PI / 2 || minLat <= -90 || maxLat >= 90 || !(reach < 1);
  const dLng = open ? 360 : Math.asin(reach) * DEG + SLACK;
  const wraps = open || lng - dLng < -180 || lng + dLng > 180;
  return {
    minLat: Math.max(-90, minLat),
    maxLat: Math.min(90, maxLat),
    minLng: wraps ? null : lng - dLng,
    maxLng: wraps ? null : lng + dLng,
  };
}

/** Great-circle distance in km from (lat, lng) to the row `t` (portable SQL: PGlite and PostgreSQL). */
export const haversine = (t: string, lat: number, lng: number): SQL => {
  const r = sql.raw(t);
  return sql`(CASE WHEN ${r}.lat IS NULL OR ${r}.lng IS NULL THEN NULL ELSE ${EARTH_KM} * 2 * asin(least(1, sqrt(
        power(sin(radians(${r}.lat - ${lat}::float8) / 2), 2)
        + cos(radians(${lat}::float8)) * cos(radians(${r}.lat))
          * power(sin(radians(${r}.lng - ${lng}::float8) / 2), 2)))) END)`;
};

/** Great-circle distance in km between two points (the same formula as `haversine`, in JavaScript). */
export function haversineKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return EARTH_KM * 2 * Math.asin(Math.min(1, Math.sqrt(h)));
}
