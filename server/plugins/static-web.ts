import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
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

/**
 * What the HTML of / carries for one request (decision 018): a JSON data block (not run, so the
 * CSP's script-src is not involved) and the image to preload with high priority.
 */
export interface IndexData {
  /** The block's element id; `json` is written into it escaped for HTML. */
  id: string;
  json: string;
  image: { href: string; srcset?: string; sizes: string } | null;
}
/** Reads the data for a request to / (the posts module's first feed page, through server/app.ts). */
export type IndexDataSource = (request: FastifyRequest) => Promise<IndexData | null>;

/** JSON inside `<script type="application/json">`: no `<`, `>` or `&` (no `</script>`, no `<!--`), no line separators. */
export function jsonForHtml(json: string): string {
  return json.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const attr = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** index.html with the data block at the end of the body and the image preload in the head. */
export function indexWithData(html: string, data: IndexData): string {
  const block = `<script type="application/json" id="${attr(data.id)}">${jsonForHtml(data.json)}</script>`;
  let out = html.includes('</body>') ? html.replace('</body>', () => `${block}</body>`) : html + block;
  if (data.image) {
    const { href, srcset, sizes } = data.image;
    const link = srcset
      ? `<link rel="preload" as="image" href="${attr(href)}" imagesrcset="${attr(srcset)}" imagesizes="${attr(sizes)}" fetchpriority="high">`
      : `<link rel="preload" as="image" href="${attr(href)}" fetchpriority="high">`;
    // Early in the head, so the preload scanner meets it before the scripts and styles.
    out = out.includes('</title>')
      ? out.replace('</title>', () => `</title>${link}`)
      : out.replace('<head>', () => `<head>${link}`);
  }
  return out;
}

/**
 * Sends index.html for an app path; on / (any query string) with the data the source gives for
 * this viewer. Always `no-cache`. When the source fails or takes longer than `timeoutMs`, / gets
 * the plain index.html: the page then asks the API as before.
 */
export function createIndexSender(webDist: string, source?: IndexDataSource, timeoutMs = 1000) {
  const file = path.join(webDist, 'index.html');
  let cached: { mtimeMs: number; html: string } | null = null;
  const readIndex = async () => {
    const { mtimeMs } = await stat(file);
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, html: await readFile(file, 'utf8') };
    return cached.html;
  };
  return async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('Cache-Control', 'no-cache');
    if (!source || request.url.split('?')[0] !== '/') return reply.sendFile('index.html');
    let data: IndexData | null = null;
    let timer: NodeJS.Timeout | undefined;
    try {
      data = await Promise.race([
        source(request),
        new Promise<null>((resolve) => {
          timer = setTimeout(() => resolve(null), timeoutMs);
        }),
      ]);
    } catch (error) {
      request.log.warn({ err: error }, 'index.html sent without the first feed page');
    } finally {
      clearTimeout(timer);
    }
    if (!data) return reply.sendFile('index.html');
    const html = Buffer.from(indexWithData(await readIndex(), data));
    reply.type('text/html; charset=utf-8').header('Vary', 'Accept-Encoding');
    // Not a route, so @fastify/compress does not see this answer: compressed here (about 1 ms for
    // 45 KB; the plain index.html goes out as the build's brotli or gzip copy).
    const accepts = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepts))
      return reply
        .header('Content-Encoding', 'br')
        .send(brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
    if (/\bgzip\b/.test(accepts))
      return reply.header('Content-Encoding', 'gzip').send(gzipSync(html, { level: 6 }));
    return reply.send(html);
  };
}
