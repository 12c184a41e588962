import compress from '@fastify/compress';
import type { App } from '../context';

/**
 * Compresses answers over 1 KB for clients that ask (brotli at quality 4, else gzip), on the fly.
 * The built web app's assets are compressed once at build time and sent as they are (their
 * Content-Encoding is set, so this plugin leaves them alone); images are never recompressed.
 */
export async function registerCompression(app: App) {
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
}
