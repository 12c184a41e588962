import { createRequire } from 'node:module';
import { PLACES_LIMIT, type Place } from '../../../contract';

/**
 * The offline gazetteer (issue 26): the cities of the npm package city-timezones (MIT, about
 * 7,300 with their coordinates and population), read once on the first search and kept.
 */

interface City {
  city: string;
  city_ascii: string;
  lat: number;
  lng: number;
  pop: number;
  country: string;
  province: string;
}

interface Entry {
  place: Place;
  /** The name folded: lower case, accents removed; and the gazetteer's ASCII name, folded. */
  key: string;
  alt: string;
  pop: number;
}

/** Lower case without accents or punctuation differences: 'Zürich' and 'zurich' alike. */
export const fold = (s: string) =>
  s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

let loaded: Entry[] | null = null;

function gazetteer(): Entry[] {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  const cities = (require('city-timezones') as { cityMapping: City[] }).cityMapping;
  loaded = cities
    .filter((c) => Number.isFinite(c.lat) && Number.isFinite(c.lng) && c.city)
    .map((c) => ({
      place: {
        name: c.city,
        region: c.province || null,
        country: c.country,
        lat: Math.round(c.lat * 10_000) / 10_000,
        lng: Math.round(c.lng * 10_000) / 10_000,
      },
      key: fold(c.city),
      alt: fold(c.city_ascii || c.city),
      pop: Number(c.pop) || 0,
    }))
    .sort((a, b) => b.pop - a.pop);
  return loaded;
}

/**
 * Up to PLACES_LIMIT cities whose name starts with `q` (accents and case ignored): the exact
 * name first, then by population; a word of the name starting with `q` ('York' finds New York)
 * after those. An empty `q` answers none.
 */
export function searchPlaces(q: string): Place[] {
  const needle = fold(q);
  if (!needle) return [];
  const exact: Entry[] = [];
  const prefix: Entry[] = [];
  const word: Entry[] = [];
  for (const entry of gazetteer()) {
    if (entry.key === needle || entry.alt === needle) exact.push(entry);
    else if (entry.key.startsWith(needle) || entry.alt.startsWith(needle)) prefix.push(entry);
    else if (entry.key.includes(` ${needle}`) || entry.key.includes(`-${needle}`)) word.push(entry);
    if (exact.length >= PLACES_LIMIT) break;
  }
  // Each list is already by population (the gazetteer is sorted).
  return [...exact, ...prefix, ...word].slice(0, PLACES_LIMIT).map((e) => e.place);
}
