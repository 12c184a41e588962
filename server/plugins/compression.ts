import zlib from 'node:zlib';
import compress from '@fastify/compress';
import { LRUCache } from 'lru-cache';
import type { App } from '../context';

/** gzip level 1: on 8 KB of feed JSON as small as brotli's quality 1 to 4, at half their CPU. */
const GZIP_OPTIONS = { level: 1 };

/**
 * The gzip of an answer body, kept by its bytes: a feed page re-read by many (or by one viewer
 * again) is compressed once. Keyed by content, so an entry can only be found by whoever produced
 * the very same bytes; bounded to 8 MB.
 */
export function createGzipMemo(maxBytes = 8 * 1024 * 1024) {
  const memo = new LRUCache<string, Buffer>({
    maxSize: maxBytes,
    sizeCalculation: (value, key) => value.length + key.length,
  });
  return (input: Buffer): Buffer => {
    const key = input.toString('latin1');
    let out = memo.get(key);
    if (!out) {
      out = zlib.gzipSync(input, GZIP_OPTIONS);
      memo.set(key, out);
    }
    return out;
  };
}

/**
 * Compresses API answers over 1 KB for clients that accept gzip, in the request (no stream, no
 * thread-pool hop) and through the memo above: measured with the feed bench (bench/README.md),
 * brotli at quality 4 on every request halved the cached feed's throughput. The built web app's
 * assets are compressed at build time (brotli and gzip) and sent as they are; this plugin leaves
 * answers that already carry a Content-Encoding alone, and images (not compressible) too.
 */
export async function registerCompression(app: App) {
  const gzipSync = createGzipMemo();
  await app.register(compress, {
    threshold: 1024,
    encodings: ['gzip'],
    syncThreshold: 1024 * 1024,
    zlib: { ...zlib, gzipSync },
  });
}
