import { text } from './common';
import { z } from './messages';

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
