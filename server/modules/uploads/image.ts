import sharp, { type Metadata } from 'sharp';
import {
  type ACCEPTED_IMAGE_TYPES,
  IMAGE_LIMIT_TEXTS,
  MAX_IMAGE_FRAMES,
  MAX_IMAGE_PIXELS,
  TEXTS,
} from '../../../contract';
import { HttpError, payloadTooLarge, unsupportedMediaType } from '../../errors';

// libvips may use one thread per image operation: image work (which the job queue already runs
// one at a time) then leaves the other core and the thread pool to password hashing and file reads.
sharp.concurrency(1);

export type ImageType = (typeof ACCEPTED_IMAGE_TYPES)[number];

/** How many leading bytes `sniffImageType` wants to see (fewer is fine when the file is shorter). */
export const SNIFF_BYTES = 64;

/** Longest side of a stored image; smaller images are never enlarged. */
const MAX_SIDE = 2048;
const WEBP_QUALITY = 82;

const startsWith = (buf: Buffer, bytes: number[], at = 0) =>
  buf.length >= at + bytes.length && bytes.every((b, i) => buf[at + i] === b);
const ascii = (buf: Buffer, text: string, at = 0) =>
  buf.length >= at + text.length && buf.toString('latin1', at, at + text.length) === text;

/** AVIF: an ISO-BMFF `ftyp` box whose major or a compatible brand is avif/avis. */
function isAvif(buf: Buffer): boolean {
  if (!ascii(buf, 'ftyp', 4)) return false;
  const boxSize = Math.min(buf.readUInt32BE(0), buf.length);
  if (boxSize < 16) return false;
  for (let at = 8; at + 4 <= boxSize; at += 4) {
    if (at === 12) continue; // minor version, not a brand
    if (ascii(buf, 'avif', at) || ascii(buf, 'avis', at)) return true;
  }
  return false;
}

/** The image type judged from the first bytes (magic numbers), or null for anything else. */
export function sniffImageType(head: Buffer): ImageType | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (ascii(head, 'GIF87a') || ascii(head, 'GIF89a')) return 'image/gif';
  if (ascii(head, 'RIFF') && ascii(head, 'WEBP', 8)) return 'image/webp';
  if (head.length >= 16 && isAvif(head)) return 'image/avif';
  return null;
}

/**
 * Refuses, from the header alone (no pixel decoded), an image whose frames add up to more than
 * MAX_IMAGE_PIXELS or that has more than MAX_IMAGE_FRAMES frames: 413.
 */
export async function checkImageSize(input: Buffer, type: ImageType): Promise<{ pages: number }> {
  const animated = type === 'image/gif' || type === 'image/webp';
  let meta: Metadata;
  try {
    meta = await sharp(input, { animated, limitInputPixels: false }).metadata();
  } catch {
    throw unsupportedMediaType(TEXTS.unsupportedType);
  }
  const pages = meta.pages ?? 1;
  const frameHeight = meta.pageHeight ?? meta.height ?? 0;
  if (pages > MAX_IMAGE_FRAMES) throw payloadTooLarge(IMAGE_LIMIT_TEXTS.tooManyFrames);
  if ((meta.width ?? 0) * frameHeight * pages > MAX_IMAGE_PIXELS)
    throw payloadTooLarge(IMAGE_LIMIT_TEXTS.tooManyPixels);
  return { pages };
}

/**
 * Re-encodes an accepted image as WebP: sizes checked from the header first (413), orientation
 * from EXIF applied, fit within 2048x2048 (never enlarged), all metadata dropped (sharp strips it
 * unless asked to keep it), animation kept for GIF and WebP. Anything sharp cannot decode is a
 * 415, never a 500. Callers run it through the app's image queue (ctx.imageJobs).
 */
export async function reencodeAsWebp(input: Buffer, type: ImageType): Promise<Buffer> {
  const { pages } = await checkImageSize(input, type);
  const animated = type === 'image/gif' || type === 'image/webp';
  try {
    let pipeline = sharp(input, { animated, limitInputPixels: MAX_IMAGE_PIXELS });
    // libvips cannot rotate multi-page images; animations carry no orientation worth applying.
    if (pages <= 1) pipeline = pipeline.rotate();
    return await pipeline
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer();
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw unsupportedMediaType(TEXTS.unsupportedType);
  }
}
