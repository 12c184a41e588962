import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { VIEWER_DATA_ID } from '../../../contract';

/** A JSON data block of the HTML: its element id, and `json`, written into it escaped for HTML. */
export interface DataBlock {
  id: string;
  json: string;
}

/**
 * What the HTML of a page carries for one request (decision 018): JSON data blocks (not run, so
 * the CSP's script-src is not involved), the image to preload with high priority, and the page's
 * own chunks to modulepreload (/profile/{username}: its lazy route chunk).
 */
export interface IndexData {
  /** The page's data blocks, each the answer of the API the page would otherwise ask for. */
  blocks?: DataBlock[];
  image?: { href: string; srcset?: string; sizes?: string } | null;
  /** The viewer as GET /api/user answers them, or `null` (signed out): a block of its own (VIEWER_DATA_ID). */
  viewer?: string;
  /** The page holds what only this viewer may see: `Cache-Control: private, no-store`. */
  personal?: boolean;
  /** Paths of the page's scripts (`/assets/...js`), preloaded from the head. */
  modules?: string[];
  /** Paths of stylesheets its markup needs beyond index.html's (`/assets/...css`), linked from the head. */
  styles?: string[];
  /**
   * The page's first commit rendered here (decision 020), put in `#root` in place of the
   * prerendered markup of /, so that it paints before any script has run.
   */
  markup?: string;
}

/** index.html's markup of / (between the prerender's markers) or its empty #root, in place of which a page's own goes. */
const PAGE_MARKERS = ['<!--page-->', '<!--/page-->'] as const;

/** `html` with `markup` as the content of #root, not hidden on any path. */
export function withPageMarkup(html: string, markup: string): string {
  const page = `<div id="prerendered-page" style="display:contents">${markup}</div>`;
  const [open, close] = PAGE_MARKERS;
  const from = html.indexOf(open);
  const to = html.indexOf(close);
  if (from !== -1 && to > from) return html.slice(0, from) + open + page + html.slice(to);
  return html.replace('<div id="root"></div>', () => `<div id="root">${open}${page}${close}</div>`);
}

/**
 * The data for a request to an app path (the pages module's): null at once for a path without any
 * (plain index.html), else a promise, which may give null (the plain file too), or the page's
 * finished answer (`FinishedPage`, one kept for signed-out visitors: decision 026). `index` reads
 * index.html as the sender does (the same string while the file is unchanged).
 */
export type IndexDataSource = (
  request: FastifyRequest,
  pathname: string,
  index: () => Promise<string>,
) => Promise<IndexData | FinishedPage | null> | null;

/** JSON inside `<script type="application/json">`: no `<`, `>` or `&` (no `</script>`, no `<!--`), no line separators. */
export function jsonForHtml(json: string): string {
  return json.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const attr = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** index.html with the data blocks at the end of the body, the image and script preloads in the head. */
export function indexWithData(html: string, data: IndexData): string {
  const dataBlock = (id: string, json: string) =>
    `<script type="application/json" id="${attr(id)}">${jsonForHtml(json)}</script>`;
  let block = '';
  if (data.viewer !== undefined) block += dataBlock(VIEWER_DATA_ID, data.viewer);
  for (const { id, json } of data.blocks ?? []) block += dataBlock(id, json);
  if (data.markup) html = withPageMarkup(html, data.markup);
  let out = html.includes('</body>') ? html.replace('</body>', () => `${block}</body>`) : html + block;
  let head = '';
  if (data.image) {
    const { href, srcset, sizes } = data.image;
    head += srcset
      ? `<link rel="preload" as="image" href="${attr(href)}" imagesrcset="${attr(srcset)}"${sizes ? ` imagesizes="${attr(sizes)}"` : ''} fetchpriority="high">`
      : `<link rel="preload" as="image" href="${attr(href)}" fetchpriority="high">`;
  }
  for (const file of data.styles ?? [])
    if (!out.includes(`"${file}"`)) head += `<link rel="stylesheet" href="${attr(file)}">`;
  for (const file of data.modules ?? [])
    if (!out.includes(`"${file}"`)) head += `<link rel="modulepreload" crossorigin href="${attr(file)}">`;
  if (head) {
    // Early in the head, so the preload scanner meets it before the scripts and styles.
    out = out.includes('</title>')
      ? out.replace('</title>', () => `</title>${head}`)
      : out.replace('<head>', () => `<head>${head}`);
  }
  return out;
}

/**
 * The answer to an app path as it goes out: index.html with its data, and its brotli (quality 5)
 * and gzip (level 6) copies, each made on first use and kept with it (a page kept for signed-out
 * visitors makes both at once: `compressed()`).
 */
export class FinishedPage {
  private br?: Buffer;
  private gzip?: Buffer;

  constructor(
    readonly html: Buffer,
    /** The page holds what only this viewer may see: `Cache-Control: private, no-store`. */
    readonly personal: boolean,
  ) {}

  /** The body for a client that accepts `encoding` (null: none of ours). */
  body(encoding: 'br' | 'gzip' | null): Buffer {
    if (encoding === 'br') {
      this.br ??= brotliCompressSync(this.html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
      return this.br;
    }
    if (encoding === 'gzip') {
      this.gzip ??= gzipSync(this.html, { level: 6 });
      return this.gzip;
    }
    return this.html;
  }

  /** Makes both compressed copies now; the bytes it then holds. */
  compressed(): number {
    return this.html.length + this.body('br').length + this.body('gzip').length;
  }
}

/** index.html (`index`, as read) with `data`, finished: what `createIndexSender` sends. */
export function finishPage(index: string, data: IndexData): FinishedPage {
  return new FinishedPage(Buffer.from(indexWithData(index, data)), data.personal === true);
}

/** Which of our encodings an Accept-Encoding takes: brotli first, then gzip. */
function encodingFor(accepts: string): 'br' | 'gzip' | null {
  if (/\bbr\b/.test(accepts)) return 'br';
  if (/\bgzip\b/.test(accepts)) return 'gzip';
  return null;
}

/** index.html as the build wrote it, read again when its modification time changes. */
function indexFile(webDist: string): () => Promise<string> {
  const file = path.join(webDist, 'index.html');
  let cached: { mtimeMs: number; html: string } | null = null;
  return async () => {
    const { mtimeMs } = await stat(file);
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, html: await readFile(file, 'utf8') };
    return cached.html;
  };
}

/**
 * Sends index.html for an app path, with the data the source gives for this path and viewer (the
 * viewer on every path; the pages of pages.ts their data and markup), or the finished answer it
 * gives. `no-cache` (`private, no-store` for a signed-in viewer's). When the source fails or takes
 * longer than `timeoutMs`, the page gets the plain index.html: it then asks the API as before.
 */
export function createIndexSender(webDist: string, source?: IndexDataSource, timeoutMs = 1000) {
  const readIndex = indexFile(webDist);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('Cache-Control', 'no-cache');
    let pending: Promise<IndexData | FinishedPage | null> | null = null;
    try {
      pending = source?.(request, request.url.split('?')[0], readIndex) ?? null;
    } catch (error) {
      request.log.warn({ err: error }, 'index.html sent without its data');
    }
    if (!pending) return reply.sendFile('index.html');
    let data: IndexData | FinishedPage | null = null;
    let timer: NodeJS.Timeout | undefined;
    try {
      data = await Promise.race([
        pending,
        new Promise<null>((resolve) => {
          timer = setTimeout(() => resolve(null), timeoutMs);
        }),
      ]);
    } catch (error) {
      request.log.warn({ err: error }, 'index.html sent without its data');
    } finally {
      clearTimeout(timer);
    }
    if (!data) return reply.sendFile('index.html');
    const page = data instanceof FinishedPage ? data : finishPage(await readIndex(), data);
    if (page.personal) reply.header('Cache-Control', 'private, no-store');
    reply.type('text/html; charset=utf-8').header('Vary', 'Accept-Encoding');
    // Not a route, so @fastify/compress does not see this answer: compressed here (about 1 ms for
    // 45 KB; the plain index.html goes out as the build's brotli or gzip copy), or kept compressed.
    const encoding = encodingFor(String(request.headers['accept-encoding'] ?? ''));
    if (encoding) reply.header('Content-Encoding', encoding);
    return reply.send(page.body(encoding));
  };
}
