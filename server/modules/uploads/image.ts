import sharp, { type Metadata } from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';
import {
  type ACCEPTED_IMAGE_TYPES,
  IMAGE_LIMIT_TEXTS,
  MAX_IMAGE_FRAMES,
  MAX_IMAGE_PIXELS,
  UPLOAD_TEXTS,
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
    throw unsupportedMediaType(UPLOAD_TEXTS.unsupportedType);
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
    throw unsupportedMediaType(UPLOAD_TEXTS.unsupportedType);
  }
}

/** Widths of the smaller copies made of a registered image: only those below its own width. */
export const VARIANT_WIDTHS = [320, 640, 1080, 2048] as const;
/** thumbhash encodes images of at most 100x100. */
const PLACEHOLDER_SIDE = 100;

/** What registration stores for an image: its size, its placeholder and its smaller copies. */
export interface PreparedImage {
  /** The re-encoded image (fit within 2048x2048, never enlarged). */
  webp: Buffer;
  width: number;
  height: number;
  /** thumbhash of the (first frame of the) image, base64. */
  placeholder: string;
  /** WebP copies at each of VARIANT_WIDTHS below `width`, smallest first (none for a small image). */
  variants: { width: number; webp: Buffer }[];
}

/** Decoded pixels, as sharp's `raw()` gives them. */
export interface Pixels {
  data: Buffer;
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

/**
 * Describes a re-encoded WebP (reencodeAsWebp's output, so already bounded), or the pixels of a
 * still image: its width and height (one frame's for an animation), a thumbhash placeholder of its
 * first frame, and WebP copies at each of VARIANT_WIDTHS strictly below its width, never enlarged
 * (an animation stays animated). `effort`: libvips' WebP effort (0 to 6, default 4); the demo seed
 * draws faster with less.
 */
export async function describeAndResize(
  input: Buffer | Pixels,
  opts: { effort?: number } = {},
): Promise<Omit<PreparedImage, 'webp'>> {
  let decoded: Pixels | null;
  let animated = false;
  let meta: Metadata | null = null;
  if (Buffer.isBuffer(input)) {
    meta = await sharp(input, { animated: true }).metadata();
    animated = (meta.pages ?? 1) > 1;
    // A still image is decoded once; its copies and placeholder are made from the pixels.
    decoded = animated ? null : ((await sharp(input).raw().toBuffer({ resolveWithObject: true })) as Pixels);
  } else {
    decoded = input;
  }
  const source = (options: { animated?: boolean } = {}) =>
    decoded
      ? sharp(decoded.data, {
          raw: { width: decoded.info.width, height: decoded.info.height, channels: decoded.info.channels },
        })
      : sharp(input as Buffer, options);
  const width = decoded?.info.width ?? meta?.width ?? 0;
  const height = decoded?.info.height ?? meta?.pageHeight ?? meta?.height ?? 0;

  const thumb = await source()
    .resize({ width: PLACEHOLDER_SIDE, height: PLACEHOLDER_SIDE, fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const hash = rgbaToThumbHash(thumb.info.width, thumb.info.height, thumb.data);
  const placeholder = Buffer.from(hash).toString('base64');

  const variants: PreparedImage['variants'] = [];
  for (const w of VARIANT_WIDTHS) {
    if (w >= width) break;
    const copy = await source({ animated })
      .resize({ width: w, withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY, effort: opts.effort })
      .toBuffer();
    variants.push({ width: w, webp: copy });
  }
  return { width, height, placeholder, variants };
}

/**
 * The whole image work of a registration, run as one job of the image queue: re-encode
 * (reencodeAsWebp), then size, placeholder and variants (describeAndResize).
 */
export async function prepareImage(input: Buffer, type: ImageType): Promise<PreparedImage> {
  const webp = await reencodeAsWebp(input, type);
  try {
    return { webp, ...(await describeAndResize(webp)) };
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw unsupportedMediaType(UPLOAD_TEXTS.unsupportedType);
  }
}
