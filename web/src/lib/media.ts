import type { MediaMap } from '@contract/common';

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
