import { IMAGE_FIELDS, type MediaEntry, type MediaMap } from '../../../contract';
import type { ImageSigner, MediaAttacher } from '../../context';
import { type ImageMetaCache, OWN_IMAGE_PREFIX } from '../uploads';

const isOutside = (v: unknown): v is string =>
  typeof v === 'string' && v.charCodeAt(0) === 104 && (v.startsWith('https://') || v.startsWith('http://'));
const isOwn = (v: unknown): v is string => typeof v === 'string' && v.startsWith(OWN_IMAGE_PREFIX);
const isPlainObject = (v: unknown): v is Record<string | symbol, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * Marks an object whose map is made (or that has none to make). A symbol: copied by object
 * spread, as a presenter copies a cached card, and never written into the JSON answer.
 */
const DONE = Symbol('media done');

/** An object of the answer and the image addresses (outside, or own when measured) it shows. */
type Target = { record: Record<string, unknown>; addresses: string[] };

/** The image addresses in an object's image fields (IMAGE_FIELDS): outside ones, and own ones when `own`. */
function collectOwn(record: Record<string, unknown>, into: string[], own: boolean): void {
  for (const field of IMAGE_FIELDS) {
    const value = record[field];
    if (value === undefined || value === null) continue;
    if (isOutside(value) || (own && isOwn(value))) into.push(value);
    else if (Array.isArray(value)) for (const v of value) if (isOutside(v) || (own && isOwn(v))) into.push(v);
  }
}

/** Walks arrays and plain objects, noting each object that holds image addresses (its own or its nested objects'). */
function walk(payload: unknown, own: boolean, targets: Target[]): void {
  if (Array.isArray(payload)) {
    for (const item of payload) walk(item, own, targets);
    return;
  }
  if (!isPlainObject(payload)) return;
  // Done already (a cached feed card, decision 008): nothing below it to do again.
  if (payload[DONE] === true) return;
  const addresses: string[] = [];
  collectOwn(payload, addresses, own);
  for (const key in payload) {
    const value = payload[key];
    if (Array.isArray(value)) {
      if (key !== 'images') walk(value, own, targets);
    } else if (isPlainObject(value) && key !== 'media') {
      collectOwn(value, addresses, own);
    }
  }
  if (addresses.length > 0) targets.push({ record: payload, addresses });
}

/**
 * Gives every object of an answer that holds image addresses (IMAGE_FIELDS, its own or those of
 * the plain objects nested in it, such as `user`) a `media` map: for each outside address its
 * signed proxy path (`src`); with `meta`, for each own `/objects/images/...` address that was
 * measured at registration, its `srcset`, `width`, `height` and thumbhash `placeholder`
 * (decision 012; looked up in one query for the addresses not yet in the cache). The addresses
 * themselves stay as they were given (the contract is unchanged). Walks arrays and plain objects
 * once; written to cost a few microseconds per page, since it runs on every API answer
 * (bench/README.md).
 */
export async function attachMedia(
  payload: unknown,
  signer: ImageSigner,
  meta?: ImageMetaCache,
): Promise<void> {
  const targets: Target[] = [];
  walk(payload, meta !== undefined, targets);
  if (targets.length === 0) return;
  if (meta) {
    const missing: string[] = [];
    for (const { addresses } of targets)
      for (const address of addresses)
        if (isOwn(address) && meta.peek(address) === undefined) missing.push(address);
    if (missing.length > 0) await meta.load(missing);
  }
  for (const { record, addresses } of targets) {
    let media: MediaMap | null = null;
    for (const address of addresses) {
      let entry: MediaEntry | null | undefined;
      if (isOutside(address)) entry = { src: signer.proxied(address) };
      else entry = meta?.peek(address);
      if (!entry) continue;
      if (!media) media = {};
      media[address] = entry;
    }
    if (media) record.media = media;
    (record as Record<symbol, unknown>)[DONE] = true;
  }
}

/** attachMedia with this process's signer and image sizes: the one way every area gives answers their maps. */
export function createMediaAttacher(signer: ImageSigner, meta: ImageMetaCache): MediaAttacher {
  return (payload) => attachMedia(payload, signer, meta);
}
