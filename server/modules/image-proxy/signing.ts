import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { ImageSigner } from '../../context';

export type { ImageSigner };

/** Signs outside image addresses with a key derived from the session secret (never the secret itself). */
export function createImageSigner(secret: string): ImageSigner {
  const key = createHmac('sha256', secret).update('image-proxy').digest();
  const sign = (url: string) => createHmac('sha256', key).update(url).digest('base64url').slice(0, 32);
  return {
    sign,
    verify(url, sig) {
      if (!sig) return false;
      const expected = Buffer.from(sign(url));
      const given = Buffer.from(sig);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
    proxied: (url) => `/api/image-proxy?url=${encodeURIComponent(url)}&sig=${sign(url)}`,
  };
}

/** Where the proxy keeps its copy of an outside image. */
export const proxyKey = (url: string) => `proxy/${createHash('sha256').update(url).digest('hex')}.webp`;
