import { text, uuid } from './common';
import { eventsQuery } from './events';
import { z } from './messages';

/**
 * Saved searches (issue 26, "Find a game"): a signed-in player keeps the Events view's filters
 * under a name; an event created, edited or imported that matches tells them (kind
 * 'saved-search-match'), at most once per search and day: later matches that day update that entry.
 * Only lazily loaded web code and the server import this module.
 */

export const SAVED_SEARCH_LIMITS = { nameMax: 60, perUser: 20 } as const;

export const SAVED_SEARCH_TEXTS = {
  tooMany: `You can keep at most ${SAVED_SEARCH_LIMITS.perUser} saved searches: delete one first`,
  notFound: 'Saved search not found',
  badFilters: 'These filters are not valid',
  save: 'Save this search',
  saveTitle: 'Save this search',
  saveHint: 'You will be told when a new game matches, at most once a day per search.',
  name: 'Name',
  saved: 'Search saved',
  saveFailed: 'Failed to save the search',
  cancel: 'Cancel',
  section: 'Saved searches',
  empty: 'No saved searches yet: save one from the Events filters',
  loadFailed: 'Failed to load your saved searches',
  remove: 'Delete',
  removeLabel: (name: string) => `Delete saved search ${name}`,
  removed: 'Saved search deleted',
  open: 'Open',
  /** The notification's sentence. */
  matched: (count: number, name: string) =>
    count === 1 ? `A new game matches “${name}”` : `${count} new games match “${name}”`,
} as const;

/**
 * The Events view's texts of issue 26 (the phone's filter sheet, the map view, a cancelled game):
 * here rather than beside EVENT_TEXTS, which is part of the first load (contract/events.ts is in
 * the entry chunk; these are only read by lazily loaded code).
 */
export const FIND_VIEW_TEXTS = {
  filters: 'Filters',
  /** The phone's filter button: "Filters (2)", or "Filters" when none narrows the list. */
  filtersButton: (count: number) => (count > 0 ? `Filters (${count})` : 'Filters'),
  showResults: 'Show results',
  mapView: 'Map',
  mapLabel: 'Events on the map',
  mapOffline: 'Map tiles could not load; the markers and the list still work.',
  notOnMap: 'Not on the map (no location given)',
  cancelled: 'Cancelled',
  eventPage: 'Event page',
} as const;

/** The filters' keys (GET /api/events' query without the cursor and page size). */
export const SAVED_SEARCH_KEYS = [
  'type',
  'from',
  'to',
  'near',
  'radius',
  'sort',
  'placesLeft',
  'beginner',
  'replicasAllowed',
] as const;
export type SavedSearchKey = (typeof SAVED_SEARCH_KEYS)[number];
/** As the address writes them: `{near: '53.8,-1.55', radius: '50', beginner: 'true'}`. */
export type SavedSearchFilters = Partial<Record<SavedSearchKey, string>>;

const value = z
  .union([text().max(100), z.number(), z.boolean()])
  .transform((v) => String(v))
  .optional();

/** The filters as sent (strings, numbers or booleans), checked as GET /api/events checks them; kept as strings. */
export const savedSearchFilters = z
  .object(
    Object.fromEntries(SAVED_SEARCH_KEYS.map((k) => [k, value])) as Record<SavedSearchKey, typeof value>,
  )
  .strict()
  .transform((f, ctx) => {
    const kept: SavedSearchFilters = {};
    for (const k of SAVED_SEARCH_KEYS) {
      const v = f[k];
      if (v === undefined || v === '' || v === 'false') continue;
      if (k === 'sort' && v === 'date') continue;
      kept[k] = v;
    }
    const checked = eventsQuery.safeParse(kept);
    if (!checked.success) {
      for (const issue of checked.error.issues)
        ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      return z.NEVER;
    }
    return kept;
  });

export const savedSearchBody = z
  .object({
    name: text().trim().min(1, 'Required').max(SAVED_SEARCH_LIMITS.nameMax),
    filters: savedSearchFilters,
  })
  .strict();
export type SavedSearchBody = z.input<typeof savedSearchBody>;

export const savedSearch = z.object({
  id: z.uuid(),
  name: z.string(),
  filters: z.record(z.string(), z.string()),
  createdAt: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearch>;

export const savedSearchParams = z.object({ id: uuid() });

/** The address of the Events view with these filters. */
export function savedSearchQueryString(filters: SavedSearchFilters): string {
  const params = new URLSearchParams();
  for (const k of SAVED_SEARCH_KEYS) {
    const v = filters[k];
    if (v !== undefined) params.set(k, v);
  }
  return params.toString();
}
