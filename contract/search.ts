import { z } from './messages';

/** SPEC §5, §9: a search runs from 2 trimmed characters; 3 results a group shown, 5 gear kept. */
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_RESULTS_PER_GROUP = 3;
export const SEARCH_GEAR_KEPT = 5;

/** The header search and its results panel (SPEC §2 Search results panel, §8 Search). */
export const SEARCH_TEXTS = {
  label: 'Search',
  searchPlaceholder: 'Search players, events, gear...',
  players: 'Players',
  events: 'Events',
  gear: 'Gear',
  noResults: 'No results found.',
  searching: 'Searching...',
  searchFailed: 'Search failed',
  openSearch: 'Open search',
  closeSearch: 'Close search',
} as const;

/** GET /api/users/search?q= (SPEC §7): players. */
export const searchUser = z.object({ id: z.uuid(), username: z.string() });
export type SearchUser = z.infer<typeof searchUser>;
export const searchUsersAnswer = z.array(searchUser);

/** GET /api/events/search?q=: events. */
export const searchEvent = z.object({ id: z.uuid(), title: z.string() });
export type SearchEvent = z.infer<typeof searchEvent>;
export const searchEventsAnswer = z.array(searchEvent);

/** GET /api/products?search=: `{ products }` (SPEC §3: a list or an object with a products list). */
export const searchProduct = z.object({ id: z.uuid(), name: z.string() });
export type SearchProduct = z.infer<typeof searchProduct>;
export const productsAnswer = z.object({ products: z.array(searchProduct) });

/**
 * What the web reads from the product search: either shape, normalised to the list (SPEC §3),
 * so that the header search reads one shape.
 */
export const searchProductsAnswer = z
  .union([z.array(searchProduct), productsAnswer])
  .transform((answer) => (Array.isArray(answer) ? answer : answer.products));
