import { mediaMap, pageQuery, text } from './common';
import {
  TUTORIAL_CATEGORIES,
  TUTORIAL_DEFAULT_TYPE,
  TUTORIAL_DIFFICULTIES,
  TUTORIAL_TYPES,
} from './constants';
import { z } from './messages';
import { IMAGE_REF_MESSAGE, isImageRef } from './profiles';

/**
 * Tutorials (SPEC §2 Tutorials section and Admin Add Tutorial, §3 tutorials, §5 video id, §7, §8,
 * §9; issue 11): the tutorial answer with its YouTube data and the viewer's abilities, the list
 * query, the admin payload (create and replace), the video-id parser and the texts.
 */

export { TUTORIAL_CATEGORIES, TUTORIAL_DEFAULT_TYPE, TUTORIAL_DIFFICULTIES, TUTORIAL_TYPES };
export type TutorialCategory = (typeof TUTORIAL_CATEGORIES)[number];
export type TutorialDifficulty = (typeof TUTORIAL_DIFFICULTIES)[number];
export type TutorialType = (typeof TUTORIAL_TYPES)[number];
export const tutorialCategory = z.enum(TUTORIAL_CATEGORIES);
export const tutorialDifficulty = z.enum(TUTORIAL_DIFFICULTIES);
export const tutorialType = z.enum(TUTORIAL_TYPES);

/** The Tutorials section's filter buttons: All, then each category (SPEC §2). */
export const TUTORIAL_FILTERS = ['All', ...TUTORIAL_CATEGORIES] as const;
export type TutorialFilter = (typeof TUTORIAL_FILTERS)[number];

export const TUTORIAL_LIMITS = {
  title: 200,
  description: 2000,
  content: 100_000,
  duration: 30,
  image: 2048,
  videoUrl: 2048,
  channelTitle: 100,
} as const;

// ---------------------------------------------------------------------------------------------
// Video ids (SPEC §5)

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const WATCH_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com']);
const EMBED_HOSTS = new Set([...WATCH_HOSTS, 'youtube-nocookie.com', 'www.youtube-nocookie.com']);
/** Paths whose second segment is the id: /embed/ID (SPEC §5), and the kin YouTube also shares. */
const ID_PATHS = new Set(['embed', 'shorts', 'live', 'v']);

/**
 * The YouTube video id in a watch URL (`youtube.com/watch?v=ID`), a short URL (`youtu.be/ID`), an
 * embed URL (`youtube.com/embed/ID`, also on youtube-nocookie.com) or a bare 11-character id
 * (SPEC §5); null for anything else. Pure: no network.
 */
export function parseYoutubeVideoId(input: string | null | undefined): string | null {
  const value = (input ?? '').trim();
  if (!value) return null;
  if (VIDEO_ID.test(value)) return value;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || (url.port && url.port !== '443' && url.port !== '80')) return null;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  let id: string | null | undefined = null;
  if (host === 'youtu.be') id = segments.length === 1 ? segments[0] : null;
  else if (WATCH_HOSTS.has(host) && segments.length === 1 && segments[0] === 'watch')
    id = url.searchParams.get('v');
  else if (EMBED_HOSTS.has(host) && segments.length === 2 && ID_PATHS.has(segments[0])) id = segments[1];
  return id && VIDEO_ID.test(id) ? id : null;
}

/** The privacy-enhanced player the tutorial dialog embeds (the CSP's frame-src allows it). */
export const youtubeEmbedUrl = (videoId: string) =>
  `https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}?rel=0`;

/** Where the Subscribe link goes: the channel when its id is known, else the video's page. */
export function youtubeSubscribeUrl(videoId: string, channelId?: string | null): string {
  if (channelId && /^[A-Za-z0-9_-]{1,64}$/.test(channelId))
    return `https://www.youtube.com/channel/${channelId}?sub_confirmation=1`;
  return `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}`;
}

/** '1.2K views' (compact, English). */
export function formatViewCount(count: number): string {
  const n = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 }).format(count);
  return `${n} ${count === 1 ? 'view' : 'views'}`;
}

// ---------------------------------------------------------------------------------------------
// The Tutorial answer

/**
 * SPEC §3 youtubeData. `channelTitle` comes from the YouTube Data API when YOUTUBE_API_KEY is set
 * (else the admin may type it); `viewCount` only from the API (null without a key: not shown).
 */
export const youtubeData = z.object({
  viewCount: z.number().int().nullable(),
  channelTitle: z.string().nullable(),
  channelId: z.string().nullable(),
});
export type YoutubeData = z.infer<typeof youtubeData>;

/** SPEC §3 Tutorial, with the parsed video id, when it changed, and the viewer's abilities. */
export const tutorial = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  /** Markdown (GFM) for articles; the dialog falls back to the description without it. */
  content: z.string().nullable(),
  image: z.string().nullable(),
  category: tutorialCategory,
  difficulty: tutorialDifficulty,
  duration: z.string(),
  type: tutorialType,
  videoUrl: z.string().nullable(),
  /** The id parsed from videoUrl (parseYoutubeVideoId), or null. */
  videoId: z.string().nullable(),
  /** Null when the tutorial has no video id. */
  youtubeData: youtubeData.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  media: mediaMap.optional(),
});
export type Tutorial = z.infer<typeof tutorial>;

/** GET /api/tutorials: newest first; `category` one of TUTORIAL_CATEGORIES ('How to Play' with its spaces). */
export const tutorialsQuery = pageQuery.extend({
  category: tutorialCategory.optional(),
  before: z.uuid().toLowerCase().optional(),
});
export type TutorialsQuery = z.input<typeof tutorialsQuery>;

// ---------------------------------------------------------------------------------------------
// Admin payload

export const VIDEO_URL_MESSAGE = 'Enter a YouTube watch, short or embed URL, or an 11-character video id';

const emptyToNull = (max: number) =>
  text()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional()
    .transform((v) => v ?? null);

/**
 * POST /api/admin/tutorials and PUT /api/admin/tutorials/{id} (admin; PUT replaces it): the SPEC
 * §7 fields (title, description, content, image, category, difficulty, duration, type, videoUrl)
 * and, for use without YOUTUBE_API_KEY, the channel's name. Type defaults to video, which needs
 * a video URL whose id parses (SPEC §5).
 */
export const tutorialBody = z
  .object({
    title: text().trim().min(1, 'Required').max(TUTORIAL_LIMITS.title),
    description: text().trim().min(1, 'Required').max(TUTORIAL_LIMITS.description),
    content: emptyToNull(TUTORIAL_LIMITS.content),
    image: emptyToNull(TUTORIAL_LIMITS.image).refine((v) => v === null || isImageRef(v), {
      message: IMAGE_REF_MESSAGE,
    }),
    category: tutorialCategory,
    difficulty: tutorialDifficulty,
    duration: text().trim().min(1, 'Required').max(TUTORIAL_LIMITS.duration),
    type: tutorialType.default(TUTORIAL_DEFAULT_TYPE),
    videoUrl: emptyToNull(TUTORIAL_LIMITS.videoUrl).refine(
      (v) => v === null || parseYoutubeVideoId(v) !== null,
      {
        message: VIDEO_URL_MESSAGE,
      },
    ),
    channelTitle: emptyToNull(TUTORIAL_LIMITS.channelTitle),
  })
  .strict()
  .refine((v) => v.type !== 'video' || v.videoUrl !== null, {
    message: 'A video tutorial needs its video URL',
    path: ['videoUrl'],
  });
export type TutorialBodyInput = z.input<typeof tutorialBody>;
export type TutorialBody = z.output<typeof tutorialBody>;

/** SPEC §2 Tutorials section and Add Tutorial, §8 Tutorial. */
export const TUTORIAL_TEXTS = {
  heading: 'Tutorials',
  filtersLabel: 'Tutorial categories',
  listLabel: 'Tutorials',
  noTutorials: 'No tutorials available in this category yet.',
  fetchTutorialsFailed: 'Failed to fetch tutorials',
  tutorialNotFound: 'Tutorial not found',
  tryAgain: 'Try again',
  watchNow: 'Watch Now',
  readTutorial: 'Read Tutorial',
  subscribe: 'Subscribe',
  playerTitle: 'YouTube video player',
  close: 'Close',
  // Add Tutorial
  createHeading: 'New Tutorial',
  editHeading: 'Edit Tutorial',
  create: 'Create Tutorial',
  creating: 'Creating...',
  update: 'Update Tutorial',
  updating: 'Updating...',
  cancel: 'Cancel',
  edit: 'Edit',
  delete: 'Delete',
  deleteTitle: 'Delete this tutorial?',
  deleteDescription: 'The tutorial is removed for good.',
  tutorials: 'Tutorials',
  noTutorialsYet: 'No tutorials yet.',
  loadMore: 'Load more',
  created: 'Tutorial created successfully',
  createFailed: 'Failed to create tutorial',
  updated: 'Tutorial updated successfully',
  updateFailed: 'Failed to update tutorial',
  deleted: 'Tutorial deleted successfully',
  deleteFailed: 'Failed to delete tutorial',
  // Field labels
  title: 'Title',
  description: 'Description',
  content: 'Content (Markdown)',
  image: 'Image URL',
  category: 'Category',
  difficulty: 'Difficulty',
  duration: 'Duration',
  type: 'Type',
  videoUrl: 'Video URL',
  channelTitle: 'Channel name',
  channelTitleHint: 'Filled in from YouTube when the server has an API key',
  typeLabels: { video: 'Video', article: 'Article' },
} as const;
