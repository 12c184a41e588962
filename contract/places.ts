import { text } from './common';
import { z } from './messages';

/**
 * The offline gazetteer (issue 26): GET /api/places?q= answers up to PLACES_LIMIT cities whose
 * name starts with `q` (accents ignored), the exact name and the most populous first. No outside
 * geocoding call: the data ships with the server (city-timezones, MIT).
 */
export const PLACES_LIMIT = 10;

export const placesQuery = z.object({ q: text().trim().max(100).default('') });

export const place = z.object({
  name: z.string(),
  region: z.string().nullable(),
  country: z.string(),
  lat: z.number(),
  lng: z.number(),
});
export type Place = z.infer<typeof place>;
export const placesAnswer = z.array(place);

/** 'Leeds, England, United Kingdom'. */
export const placeLabel = (p: Place) => [p.name, p.region, p.country].filter(Boolean).join(', ');

/** The place picker's texts (web/src/components/place-picker.tsx): the find filters and the carpool form. */
export const PLACES_TEXTS = {
  hint: 'A town or city',
  noPlaces: 'No place found',
} as const;
