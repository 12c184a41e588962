import type { MediaEntry, MediaMap } from '@contract/common';
import { thumbHashToDataURL } from 'thumbhash';

/**
 * The address a browser loads for an image address found in an answer: our own `/objects/...`
 * paths as they are; an outside address only through the signed image proxy path the answer's
 * `media` map gives for it; otherwise null, and the caller shows its placeholder. Browsers never
 * call third parties (the CSP's img-src is 'self').
 */
export function displaySrc(address: string | null | undefined, media?: MediaMap | null): string | null {
  if (!address) return null;
  if (address.startsWith('/objects/')) return address;
  return media?.[address]?.src ?? null;
}

/** What the answer's media map says about an own image: srcset, width, height, placeholder (decision 012). */
export function mediaEntryOf(address: string | null | undefined, media?: MediaMap | null): MediaEntry | null {
  if (!address) return null;
  return media?.[address] ?? null;
}

/**
 * The smallest copy of an image at least `minWidth` px wide, from its entry's `srcset` (for a
 * small box such as an avatar); the image itself when it has no smaller copy.
 */
export function sizedSrc(
  address: string | null | undefined,
  media: MediaMap | null | undefined,
  minWidth: number,
): string | null {
  const src = displaySrc(address, media);
  const srcset = mediaEntryOf(address, media)?.srcset;
  if (!src || !srcset) return src;
  for (const candidate of srcset.split(',')) {
    const [url, descriptor] = candidate.trim().split(/\s+/);
    if (url && Number.parseInt(descriptor, 10) >= minWidth) return url;
  }
  return src;
}

const placeholders = new Map<string, string>();

/** The thumbhash placeholder as a data URL (a tiny PNG), decoded once per hash. */
export function placeholderUrl(hash: string | null | undefined): string | undefined {
  if (!hash) return undefined;
  let url = placeholders.get(hash);
  if (url === undefined) {
    try {
      url = thumbHashToDataURL(Uint8Array.from(atob(hash), (c) => c.charCodeAt(0)));
    } catch {
      url = '';
    }
    if (placeholders.size > 500) placeholders.clear();
    placeholders.set(hash, url);
  }
  return url || undefined;
}
