import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { App } from '../context';

/**
 * Serves the built web app. Hashed assets are cached for a year; any other non-API path answers
 * index.html so the client router shows the page (or its 404 page). The build writes brotli and
 * gzip copies of every text asset (scripts/compress-assets.mjs), sent to clients that accept them.
 */
export async function registerStaticWeb(app: App, webDist: string | null | undefined) {
  const index = webDist ? path.join(webDist, 'index.html') : null;
  if (!webDist || !index || !existsSync(index)) return false;
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`))
        res.header('Cache-Control', 'public, max-age=31536000, immutable');
      // index.html names the current assets: always ask the server again.
      else if (filePath.endsWith('.html')) res.header('Cache-Control', 'no-cache');
    },
  });
  return true;
}

export function isApiPath(url: string) {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}
