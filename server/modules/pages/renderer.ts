import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { Comment, CurrentUser, Event, FeedPost, UserProfile } from '../../../contract';

/**
 * The web's page renderer (web/src/prerender.tsx), built by `vite build --ssr` beside the web
 * build (`<webDist>-ssr/prerender.js`): the app's own components rendered to HTML as the
 * browser's first commit shows them.
 */
export interface PageRenderer {
  renderHome(page: FeedPost[], viewer: CurrentUser | null): Promise<string>;
  renderAuth(): Promise<string>;
  renderProfile(username: string, profile: UserProfile, viewer: CurrentUser | null): Promise<string>;
  renderPost(
    postId: string,
    post: FeedPost,
    viewer: CurrentUser | null,
    comments?: Comment[],
  ): Promise<string>;
  renderEvent(eventId: string, event: Event, viewer: CurrentUser | null): Promise<string>;
  renderPage(path: string, viewer: CurrentUser | null, calendar?: unknown): Promise<string>;
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
    for (const name of [
      'renderHome',
      'renderAuth',
      'renderProfile',
      'renderPost',
      'renderEvent',
      'renderPage',
    ] as const)
      if (typeof renderer[name] !== 'function') throw new Error(`${name} is missing`);
    return renderer as PageRenderer;
  } catch (error) {
    log.warn({ err: error }, 'the page renderer did not load: pages carry their data only');
    return null;
  }
}

type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean; css?: string[] }>;

/** The files a lazy module brings (itself and what it imports statically, not the entry's), from the manifest. */
function moduleFiles(webDist: string, module: string): { scripts: string[]; styles: string[] } {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(webDist, '.vite', 'manifest.json'), 'utf8'));
  } catch {
    return { scripts: [], styles: [] };
  }
  const scripts: string[] = [];
  const styles: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    const entry = manifest[key];
    if (!entry || seen.has(key) || entry.isEntry) return;
    seen.add(key);
    scripts.push(`/${entry.file}`);
    for (const css of entry.css ?? []) styles.push(`/${css}`);
    for (const dep of entry.imports ?? []) visit(dep);
  };
  visit(module);
  return { scripts, styles };
}

/**
 * The script files a lazy page loads (its chunk and the chunks it imports statically, not the
 * entry's, which index.html names already), from the build's manifest (`.vite/manifest.json`,
 * keys relative to web/: `src/app/routes/profile.tsx`). Empty without a manifest or that module.
 */
export const pageChunks = (webDist: string, module: string): string[] => moduleFiles(webDist, module).scripts;

/**
 * The stylesheets a lazy module brings (the calendar's of the events section): a page the server
 * renders with that module's markup links them from its head, or the markup would be laid out
 * again when they come (a layout shift).
 */
export const pageStyles = (webDist: string, module: string): string[] => moduleFiles(webDist, module).styles;
