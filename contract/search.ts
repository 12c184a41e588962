import { text } from './common';
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
  products: 'Products',
  teams: 'Teams',
  fields: 'Fields',
  stores: 'Stores',
  news: 'News',
  tutorials: 'Tutorials',
  shortcutHint: 'Ctrl K',
  shortcutHintMac: '⌘K',
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

// ---------------------------------------------------------------------------------------------
// GET /api/search?q= (issue 20): every group of the header search in one call.

/** The longest query the one-call search reads; a longer one is a 400. */
export const SEARCH_MAX_LENGTH = 100;

/** `?q=`: no control characters (NUL included), at most SEARCH_MAX_LENGTH characters. */
export const searchQuery = z.object({ q: text().max(SEARCH_MAX_LENGTH).optional() });

/** A player's gear item: its owner's username opens their profile. */
export const searchGearItem = z.object({
  id: z.uuid(),
  title: z.string(),
  category: z.string(),
  username: z.string(),
});
export type SearchGearItem = z.infer<typeof searchGearItem>;
export const searchTeam = z.object({ id: z.uuid(), name: z.string(), location: z.string().nullable() });
export type SearchTeam = z.infer<typeof searchTeam>;
export const searchField = z.object({ id: z.uuid(), name: z.string(), address: z.string().nullable() });
export type SearchField = z.infer<typeof searchField>;
/** A store opens the Store Locator on its country and region. */
export const searchStore = z.object({
  id: z.uuid(),
  name: z.string(),
  region: z.string(),
  country: z.enum(['Canada', 'US']),
});
export type SearchStore = z.infer<typeof searchStore>;
export const searchNews = z.object({ id: z.uuid(), title: z.string() });
export type SearchNews = z.infer<typeof searchNews>;
/** A tutorial opens the Tutorials list on its category. */
export const searchTutorial = z.object({ id: z.uuid(), title: z.string(), category: z.string() });
export type SearchTutorial = z.infer<typeof searchTutorial>;

/** The groups of GET /api/search, up to SEARCH_RESULTS_PER_GROUP each; all empty under 2 characters. */
export const searchAllAnswer = z.object({
  users: z.array(searchUser),
  events: z.array(searchEvent),
  gear: z.array(searchGearItem),
  products: z.array(searchProduct),
  teams: z.array(searchTeam),
  fields: z.array(searchField),
  stores: z.array(searchStore),
  news: z.array(searchNews),
  tutorials: z.array(searchTutorial),
});
export type SearchAllAnswer = z.infer<typeof searchAllAnswer>;
export const SEARCH_GROUPS = [
  'users',
  'events',
  'gear',
  'products',
  'teams',
  'fields',
  'stores',
  'news',
  'tutorials',
] as const satisfies readonly (keyof SearchAllAnswer)[];
export type SearchGroup = (typeof SEARCH_GROUPS)[number];

/** The answer with every group empty (a query too short, or nothing found). */
export const EMPTY_SEARCH: SearchAllAnswer = Object.freeze(
  Object.fromEntries(SEARCH_GROUPS.map((group) => [group, []])) as unknown as SearchAllAnswer,
);
