import { IMAGE_FIELDS, type MediaMap } from '../../../contract';
import type { ImageSigner } from './signing';

const isOutside = (v: unknown): v is string =>
  typeof v === 'string' && v.charCodeAt(0) === 104 && (v.startsWith('https://') || v.startsWith('http://'));

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** The outside addresses in an object's image fields (IMAGE_FIELDS). */
function collectOwn(record: Record<string, unknown>, into: string[]): void {
  for (const field of IMAGE_FIELDS) {
    const value = record[field];
    if (value === undefined || value === null) continue;
    if (isOutside(value)) into.push(value);
    else if (Array.isArray(value)) for (const v of value) if (isOutside(v)) into.push(v);
  }
}

/**
 * Gives every object of an answer that holds outside image addresses (IMAGE_FIELDS, its own or
 * those of the plain objects nested in it, such as `user`) a `media` map from each address to its
 * signed proxy path. The addresses themselves stay as they were given (the contract is unchanged);
 * the web app shows `media[address].src`. Walks arrays and plain objects; written to cost about a
 * microsecond per object, since it runs on every API answer (bench/README.md).
 */
export function attachMedia(payload: unknown, signer: ImageSigner): void {
  if (Array.isArray(payload)) {
    for (const item of payload) attachMedia(item, signer);
    return;
  }
  if (!isPlainObject(payload)) return;
  let found: string[] | null = null;
  const own: string[] = [];
  collectOwn(payload, own);
  if (own.length > 0) found = own;
  for (const key in payload) {
    const value = payload[key];
    if (Array.isArray(value)) {
      if (key !== 'images') attachMedia(value, signer);
    } else if (isPlainObject(value) && key !== 'media') {
      const nested: string[] = [];
      collectOwn(value, nested);
      if (nested.length > 0) found = found ? [...found, ...nested] : nested;
    }
  }
  if (found) {
    const media: MediaMap = {};
    for (const url of found) media[url] = { src: signer.proxied(url) };
    payload.media = media;
  }
}
