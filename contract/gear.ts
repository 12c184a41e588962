import { mediaMap, pageQuery, text, uuid } from './common';
import { z } from './messages';

/**
 * Gear rating (SPEC §2 /gear, §3 gear_posts and gear_ratings and the Gear post shape, §4, §5,
 * §7 Gear, §8 Gear, §9; issue 13): the upload payload, the rating payload, the Gear post answer
 * with its Bayesian weighted rating and the viewer's abilities, the list queries and the texts.
 */

/** SPEC §9. */
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
export type GearCategory = (typeof GEAR_CATEGORIES)[number];
export const gearCategory = z.enum(GEAR_CATEGORIES);

/** SPEC §9: the rating scale (gear here; fields use it too). */
export const RATING_MIN = 1;
export const RATING_MAX = 5;

/**
 * The prior of Top Rated's Bayesian average, weightedRating = (v*R + m*C) / (v + m): m, the
 * number of mean-valued ratings every item starts with (decision 015).
 */
export const GEAR_PRIOR_WEIGHT = 3;

export const GEAR_LIMITS = { title: 120, description: 2000, image: 2048 } as const;

/** SPEC §3 Gear post, with the owner's id, the weighted rating, the viewer's rating and abilities. */
export const gearPost = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  image: z.string(),
  category: gearCategory,
  user: z.object({ id: z.uuid(), username: z.string(), avatar: z.string().nullable() }),
  /** The raw mean of the item's ratings (0 without any), shown to one decimal. */
  averageRating: z.number(),
  totalRatings: z.number().int(),
  /** The Bayesian average Top Rated orders by (decision 015); 0 without any rating. */
  weightedRating: z.number(),
  createdAt: z.string(),
  /** The viewer's own rating of the item, null when none (or signed out). */
  myRating: z.number().int().nullable(),
  /** The viewer's abilities (policy.ts): rate (signed in, not the owner, not yet rated), delete (owner or admin). */
  canRate: z.boolean(),
  canDelete: z.boolean(),
  /** Signed in, not suspended, not its owner (reports/policy.ts canReport). */
  canReport: z.boolean(),
  media: mediaMap.optional(),
});
export type GearPost = z.infer<typeof gearPost>;

/** The image a gear upload takes: required, one of our own uploaded images. */
export const GEAR_IMAGE_PREFIX = '/objects/images/';

/** POST /api/gear: SPEC §5, an image is required ('Please upload an image'). */
export const gearBody = z
  .object({
    title: text().trim().min(1, 'Required').max(GEAR_LIMITS.title),
    description: text()
      .trim()
      .max(GEAR_LIMITS.description)
      .optional()
      .nullable()
      .transform((v) => (v ? v : null)),
    image: z
      .string({ error: 'Please upload an image' })
      .trim()
      .refine(
        (v) =>
          v.length <= GEAR_LIMITS.image &&
          v.startsWith(GEAR_IMAGE_PREFIX) &&
          /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(v.slice(GEAR_IMAGE_PREFIX.length)),
        'Please upload an image',
      ),
    category: gearCategory,
  })
  .strict();
export type GearBodyInput = z.input<typeof gearBody>;
export type GearBody = z.output<typeof gearBody>;

/** POST /api/gear/{id}/rate: an integer 1 to 5. */
export const rateGearBody = z.object({ rating: z.number().int().min(RATING_MIN).max(RATING_MAX) }).strict();
export type RateGearBody = z.infer<typeof rateGearBody>;

/**
 * The rated item, and whether the rating counts yet: a new account's rating (RATING_TRUST_HOURS,
 * default a day, and some other activity) is kept but left out of the average and Top Rated until
 * the account qualifies; `message` then says so.
 */
export const rateGearAnswer = gearPost.extend({ counted: z.boolean(), message: z.string().optional() });
export type RateGearAnswer = z.infer<typeof rateGearAnswer>;

/** GET /api/gear/to-rate and GET /api/user/{userId}/gear: newest first; `before` the id of the last item shown. */
export const gearPageQuery = pageQuery.extend({ before: uuid().optional() });
export type GearPageQuery = z.input<typeof gearPageQuery>;

/** GET /api/gear/top-rated: by weighted rating; `before` the id of the last item shown. */
export const topRatedQuery = gearPageQuery.extend({ category: gearCategory.optional() });
export type TopRatedQuery = z.input<typeof topRatedQuery>;

/** SPEC §2 /gear, §5, §8 Gear. */
export const GEAR_TEXTS = {
  heading: 'Rate Gear',
  rateTab: 'Rate Gear',
  topTab: 'Top Rated',
  uploadButton: 'Upload gear',
  uploadTitle: 'Upload Your Gear',
  uploadDescription: 'Share a photo of your gear for the community to rate.',
  title: 'Title',
  description: 'Description',
  category: 'Category',
  image: 'Image',
  uploadImage: 'Upload image',
  changeImage: 'Change image',
  imageRequired: 'Please upload an image',
  post: 'Post Gear',
  posting: 'Posting...',
  cancel: 'Cancel',
  posted: 'Gear posted',
  postFailed: 'Failed to post gear',
  rateFailed: 'Failed to submit rating',
  /** The toast's title when the answer says the rating is kept but not counted yet (its `message` below it). */
  ratingKept: 'Thanks for rating',
  yourRating: 'Your rating',
  stars: (n: number) => `${n} ${n === 1 ? 'star' : 'stars'}`,
  previous: 'Previous',
  skip: 'Skip',
  next: 'Next',
  submitRating: 'Submit rating',
  submitting: 'Submitting...',
  ratings: (n: number) => `${n} ${n === 1 ? 'rating' : 'ratings'}`,
  noRatings: 'No ratings yet',
  position: (i: number, n: number) => `${i} of ${n}`,
  nothingToRate: 'Nothing left to rate',
  nothingToRateHint: 'You have rated all the gear for now. Upload your own or check back later.',
  noTopRated: 'No rated gear yet',
  weightedNote:
    'Weighted by the number of ratings: an item needs several good ratings to rank high, so one 5-star vote does not beat fifty 4.8s.',
  allCategories: 'All categories',
  fetchFailed: 'Failed to fetch gear',
  tryAgain: 'Try again',
  loadMore: 'Load more',
  by: 'by',
  signInToRate: 'Sign in to rate gear',
  myGear: 'Gear',
  noGear: 'No gear yet',
  delete: 'Delete',
  deleteTitle: 'Delete this gear?',
  deleteDescription: 'The gear and its ratings are removed for good.',
  deleted: 'Gear deleted',
  deleteFailed: 'Failed to delete gear',
  // Server-side messages
  gearNotFound: 'Gear not found',
  cannotRateOwn: 'You cannot rate your own gear',
  alreadyRated: 'You have already rated this gear',
} as const;
