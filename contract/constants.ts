/**
 * Constants of the areas that have no `contract/<area>.ts` yet (SPEC §9). Each moves to its
 * area's file when the area lands; the areas that exist keep theirs in `contract/<area>.ts`.
 * The events area (`contract/events.ts`) still reads its types and defaults from here; teams moved to
 * `contract/teams.ts`.
 */
export const EVENT_TYPES = ['Milsim', 'Local', 'Training'] as const;
export const EVENT_DEFAULTS = { type: 'Local', capacity: 0 } as const;

export const NEWS_CATEGORIES = ['News', 'Reviews', 'Tips', 'Events'] as const;
export const TUTORIAL_CATEGORIES = ['How to Play', 'Equipment', 'Tactics', 'Milsim', 'Maintenance'] as const;
export const TUTORIAL_DIFFICULTIES = ['Beginner', 'Intermediate', 'Advanced'] as const;
export const TUTORIAL_TYPES = ['video', 'article'] as const;
export const CANADIAN_REGIONS = [
  'British Columbia',
  'Ontario',
  'Quebec',
  'Atlantic Canada',
  'Alberta',
  'Saskatchewan',
  'Manitoba',
] as const;

/** The source is the product's own name (SPEC §9). */
export const NEWS_DEFAULTS = { category: 'News', source: 'Airsoft Community', readTime: '5 min' } as const;
export const TUTORIAL_DEFAULT_TYPE = 'video';

export const ANALYTICS_RANGES = ['7d', '30d'] as const;

export const DATE_FORMATS = { event: 'MMM dd, yyyy - h:mm a', news: 'MMMM d, yyyy' } as const;

/** Moved to `contract/teams.ts`; re-exported here for the imports that still read them from this file. */
export { DEFAULT_TEAM_COLOR, PLAY_STYLES, TEAM_NAME_MIN, TEAM_ROLES } from './teams';
