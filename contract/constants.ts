/** Business constants and limits from SPEC §9. */
export const PRODUCT_NAME = 'Airsoft Community';

export const THEME_STORAGE_KEY = 'theme';
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'dark';

export const SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_RESULTS_PER_GROUP = 3;
export const SEARCH_GEAR_KEPT = 5;
export const SECTION_SWITCH_DELAY_MS = 100;

export const MAX_POST_IMAGES_SHOWN = 4;
export const MAX_POST_IMAGES = 5;
export const MAX_UPLOAD_BYTES = 26214400;
export const UPLOAD_RETRY_DELAYS = [0, 1000, 3000, 5000];
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1000000;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export const PAGE_DEFAULT_LIMIT = 20;
export const PAGE_MAX_LIMIT = 100;

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const BIO_MAX = 500;
export const LOCATION_MAX = 100;

export const USER_ROLES = ['user', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const EVENT_TYPES = ['Milsim', 'Local', 'Training'] as const;
export const NEWS_CATEGORIES = ['News', 'Reviews', 'Tips', 'Events'] as const;
export const TUTORIAL_CATEGORIES = ['How to Play', 'Equipment', 'Tactics', 'Milsim', 'Maintenance'] as const;
export const TUTORIAL_DIFFICULTIES = ['Beginner', 'Intermediate', 'Advanced'] as const;
export const TUTORIAL_TYPES = ['video', 'article'] as const;
export const GEAR_CATEGORIES = [
  'Rifle',
  'Pistol',
  'Gear',
  'Equipment',
  'Accessories',
  'Tactical Vest',
  'Helmet',
  'Other',
] as const;
export const PLAY_STYLES = ['speedsoft', 'milsim', 'casual', 'competitive'] as const;
export const TEAM_ROLES = ['leader', 'co-leader', 'member'] as const;
export const CANADIAN_REGIONS = [
  'British Columbia',
  'Ontario',
  'Quebec',
  'Atlantic Canada',
  'Alberta',
  'Saskatchewan',
  'Manitoba',
] as const;

export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const TEAM_NAME_MIN = 3;

export const DEFAULT_TEAM_COLOR = '#000000';
export const NEWS_DEFAULTS = { category: 'News', source: PRODUCT_NAME, readTime: '5 min' } as const;
export const TUTORIAL_DEFAULT_TYPE = 'video';
export const EVENT_DEFAULTS = { type: 'Local', capacity: 0 } as const;

export const ANALYTICS_RANGES = ['7d', '30d'] as const;

export const DATE_FORMATS = { event: 'MMM dd, yyyy - h:mm a', news: 'MMMM d, yyyy' } as const;
