import { IMAGE_FIELDS, type MediaMap } from '../../../contract';
import type { ImageSigner } from './signing';

const FIELDS = new Set<string>(IMAGE_FIELDS);
const isOutside = (v: unknown): v is string => typeof v === 'string' && /^https?:\/\//i.test(v);

/**
 * Gives every object of an answer that holds outside image addresses (IMAGE_FIELDS, its own or
 * those of the objects nested in it that are not lists) a `media` map from each address to its
 * signed proxy path. The addresses themselves stay as they were given (the contract is
 * unchanged); the web app shows `media[address].src`. Walks plain objects and arrays only.
 */
export function attachMedia(payload: unknown, signer: ImageSigner): void {
  if (Array.isArray(payload)) {
    for (const item of payload) attachMedia(item, signer);
    return;
  }
  if (!payload || typeof payload !== 'object') return;
  const record = payload as Record<string, unknown>;
  const found: string[] = [];
  collect(record, found);
  if (found.length > 0) {
    const media: MediaMap = {};
    for (const url of found) media[url] = { src: signer.proxied(url) };
    record.media = media;
  }
  for (const [key, value] of Object.entries(record)) {
    if (key !== 'media' && Array.isArray(value) && key !== 'images') attachMedia(value, signer);
  }
}

/** The outside addresses of an object and of its nested (non-list) objects, such as `user`. */
function collect(record: Record<string, unknown>, into: string[]): void {
  for (const [key, value] of Object.entries(record)) {
    if (FIELDS.has(key)) {
      if (isOutside(value)) into.push(value);
      else if (Array.isArray(value)) for (const v of value) if (isOutside(v)) into.push(v);
    } else if (value && typeof value === 'object' && !Array.isArray(value) && key !== 'media') {
      collect(value as Record<string, unknown>, into);
    }
  }
}
