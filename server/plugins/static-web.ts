import { existsSync, readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { type CurrentUser, type FeedPost, type UserProfile, VIEWER_DATA_ID } from '../../contract';
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
 * What the HTML of a page carries for one request (decision 018): a JSON data block (not run, so
 * the CSP's script-src is not involved), the image to preload with high priority, and the page's
 * own chunks to modulepreload (/profile/{username}: its lazy route chunk).
 */
export interface IndexData {
  /** The page's data block: its element id; `json` is written into it escaped for HTML. */
  id?: string;
  json?: string;
  image?: { href: string; srcset?: string; sizes?: string } | null;
  /** The viewer as GET /api/user answers them, or `null` (signed out): a block of its own (VIEWER_DATA_ID). */
  viewer?: string;
  /** The page holds what only this viewer may see: `Cache-Control: private, no-cache`. */
  personal?: boolean;
  /** Paths of the page's scripts (`/assets/...js`), preloaded from the head. */
  modules?: string[];
  /**
   * The page's first commit rendered here (decision 020), put in `#root` in place of the
   * prerendered markup of /, so that it paints before any script has run.
   */
  markup?: string;
}

/**
 * The web's page renderer (web/src/prerender.tsx), built by `vite build --ssr` beside the web
 * build (`<webDist>-ssr/prerender.js`): the app's own components rendered to HTML as the
 * browser's first commit shows them.
 */
export interface PageRenderer {
  renderHome(page: FeedPost[], viewer: CurrentUser | null): Promise<string>;
  renderAuth(): Promise<string>;
  renderProfile(username: string, profile: UserProfile, viewer: CurrentUser | null): Promise<string>;
  renderPost(postId: string, post: FeedPost, viewer: CurrentUser | null): Promise<string>;
}

/** Where the SSR build of `webDist` is written (vite.config.ts). */
export const pageRendererPath = (webDist: string) => path.join(`${webDist}-ssr`, 'prerender.js');

/** The page renderer of this build, or null when there is none (or it fails to load: pages then carry data only). */
export async function loadPageRenderer(
  webDist: string,
  log: FastifyBaseLogger,
): Promise<PageRenderer | null> {
  const file = pageRendererPath(webDist);
  if (!existsSync(file)) return null;
  try {
    const renderer = (await import(pathToFileURL(file).href)) as Partial<PageRenderer>;
    for (const name of ['renderHome', 'renderAuth', 'renderProfile', 'renderPost'] as const)
      if (typeof renderer[name] !== 'function') throw new Error(`${name} is missing`);
    return renderer as PageRenderer;
  } catch (error) {
    log.warn({ err: error }, 'the page renderer did not load: pages carry their data only');
    return null;
  }
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
 * The data for a request to an app path (server/app.ts's `indexData`): null at once for a path
 * without any (plain index.html), else a promise, which may give null (the plain file too).
 */
export type IndexDataSource = (request: FastifyRequest, pathname: string) => Promise<IndexData | null> | null;

/**
 * The script files a lazy page loads (its chunk and the chunks it imports statically, not the
 * entry's, which index.html names already), from the build's manifest (`.vite/manifest.json`,
 * keys relative to web/: `src/app/routes/profile.tsx`). Empty without a manifest or that module.
 */
export function pageChunks(webDist: string, module: string): string[] {
  let manifest: Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;
  try {
    manifest = JSON.parse(readFileSync(path.join(webDist, '.vite', 'manifest.json'), 'utf8'));
  } catch {
    return [];
  }
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    const entry = manifest[key];
    if (!entry || seen.has(key) || entry.isEntry) return;
    seen.add(key);
    files.push(`/${entry.file}`);
    for (const dep of entry.imports ?? []) visit(dep);
  };
  visit(module);
  return files;
}

/** JSON inside `<script type="application/json">`: no `<`, `>` or `&` (no `</script>`, no `<!--`), no line separators. */
export function jsonForHtml(json: string): string {
  return json.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const attr = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** index.html with the data block at the end of the body, the image and script preloads in the head. */
export function indexWithData(html: string, data: IndexData): string {
  const dataBlock = (id: string, json: string) =>
    `<script type="application/json" id="${attr(id)}">${jsonForHtml(json)}</script>`;
  let block = '';
  if (data.viewer !== undefined) block += dataBlock(VIEWER_DATA_ID, data.viewer);
  if (data.id !== undefined && data.json !== undefined) block += dataBlock(data.id, data.json);
  if (data.markup) html = withPageMarkup(html, data.markup);
  let out = html.includes('</body>') ? html.replace('</body>', () => `${block}</body>`) : html + block;
  let head = '';
  if (data.image) {
    const { href, srcset, sizes } = data.image;
    head += srcset
      ? `<link rel="preload" as="image" href="${attr(href)}" imagesrcset="${attr(srcset)}"${sizes ? ` imagesizes="${attr(sizes)}"` : ''} fetchpriority="high">`
      : `<link rel="preload" as="image" href="${attr(href)}" fetchpriority="high">`;
  }
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
 * Sends index.html for an app path, with the data the source gives for this path and viewer (the
 * viewer on every path; /, /auth and /profile/{username} their data and markup: server/app.ts).
 * `no-cache` (`private, no-cache` for a signed-in viewer's). When the source fails or takes longer
 * than `timeoutMs`, the page gets the plain index.html: it then asks the API as before.
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
    let pending: Promise<IndexData | null> | null = null;
    try {
      pending = source?.(request, request.url.split('?')[0]) ?? null;
    } catch (error) {
      request.log.warn({ err: error }, 'index.html sent without its data');
    }
    if (!pending) return reply.sendFile('index.html');
    let data: IndexData | null = null;
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
    if (data.personal) reply.header('Cache-Control', 'private, no-cache');
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
