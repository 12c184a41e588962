import { text } from './common';
import { z } from './messages';

/** One file of at most 25 MB (SPEC §5, §9); an upload address lives 15 minutes. */
export const MAX_UPLOAD_BYTES = 26214400;
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;

/** Uploads (SPEC §8), and the server's refusals of a file. */
export const UPLOAD_TEXTS = {
  uploadFailed: 'Upload failed',
  imageProcessFailed: 'Failed to process uploaded image',
  fileTooLarge: 'File is too large (max 25 MB)',
  unsupportedType: 'Only JPEG, PNG, WebP, GIF and AVIF images are accepted',
  uploadUrlInvalid: 'Upload address is invalid or has expired',
  /** The uploader's dialog title and the inline panel's name (issue 20; not in the spec). */
  uploadImage: 'Upload an image',
  uploadImages: 'Upload images',
  /** The upload button on touch screens (pointer: coarse), 'Upload Images' elsewhere (issue 20). */
  choosePhotos: 'Choose photos',
  closeUploader: 'Close the uploader',
} as const;

export const uploadUrlAnswer = z.object({ uploadURL: z.string() });
export type UploadUrlAnswer = z.infer<typeof uploadUrlAnswer>;

export const registerImageBody = z.object({ imageURL: text().trim().min(1).max(4096) });
export type RegisterImageBody = z.infer<typeof registerImageBody>;

export const registerImageAnswer = z.object({ objectPath: z.string() });
export type RegisterImageAnswer = z.infer<typeof registerImageAnswer>;

/** Raster types accepted, judged from the bytes (never from the name or header). */
export const ACCEPTED_IMAGE_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
] as const;

/**
 * Decoding is bounded (issue 7): pixels over all frames and the number of frames, judged from the
 * header before any pixel is decoded (Discourse caps at 40 megapixels too).
 */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const MAX_IMAGE_FRAMES = 100;
export const IMAGE_LIMIT_TEXTS = {
  tooManyPixels: 'Image is too large to process (at most 40 megapixels over all frames)',
  tooManyFrames: 'Animated images may have at most 100 frames',
} as const;

/**
 * Upload quotas per account (issue 7; Mastodon allows 30 media uploads per 30 minutes): upload
 * addresses per half hour, addresses handed out but not yet registered, and bytes per day.
 */
export const UPLOAD_QUOTA = {
  addressesPerWindow: 30,
  windowMinutes: 30,
  pending: 10,
  dailyBytes: 200 * 1024 * 1024,
} as const;
export const UPLOAD_QUOTA_TEXTS = {
  tooMany: 'Too many uploads, please try again later',
  tooManyPending: 'Too many unfinished uploads: finish or wait for the others',
  dailyLimit: 'Daily upload limit reached, please try again tomorrow',
} as const;

/**
 * A pasted image address is fetched by the server before it is accepted (issue 20): these are its
 * refusals (400), and the answer of POST /api/image-proxy/check when it passes.
 */
export const IMAGE_CHECK_TEXTS = {
  notReachable: 'That address is not a reachable image',
  tooLarge: 'That image is too large (max 25 MB)',
  privateAddress: 'Images from private addresses are not accepted',
} as const;

export const imageCheckBody = z.object({ url: text().trim().min(1).max(2048) });
export const imageCheckAnswer = z.object({ url: z.string() });
export type ImageCheckAnswer = z.infer<typeof imageCheckAnswer>;
