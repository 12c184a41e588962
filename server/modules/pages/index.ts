import type { FastifyRequest } from 'fastify';
import type { App, Ctx } from '../../context';
import { PAGE_RATE_LIMIT } from '../../plugins/rate-limit';
import { isApiPath, registerStaticWeb } from '../../plugins/static-web';
import { embeddedViewer, type SessionUser, viewerOf } from '../auth';
import { createIndexSender, finishPage, type IndexData, type IndexDataSource } from './html';
import { type KeepRule, KeptPages } from './kept';
import { PAGES, type PageBuild, type ServerPage } from './pages';
import { loadPageRenderer, type PageRenderer, pageChunks, pageStyles } from './renderer';

export {
  type DataBlock,
  FinishedPage,
  type IndexData,
  indexWithData,
  jsonForHtml,
  withPageMarkup,
} from './html';
export { KeptPages } from './kept';
export { type KeepRule, PAGES, type ServerPage } from './pages';
export { type PageRenderer, pageRendererPath } from './renderer';

/**
 * The web app (when `config.webDist` holds a build): its files, and for any other GET of a path
 * that is not the API's, index.html with what the page carries for its viewer (PAGES). Registered
 * last: it answers what no route did, and the API's unknown paths with a JSON 404.
 */
export async function registerWebPages(app: App, ctx: Ctx) {
  const webDist = ctx.config.webDist;
  const hasWeb = await registerStaticWeb(app, webDist);
  const sendIndex =
    hasWeb && webDist
      ? createIndexSender(
          webDist,
          pageSource(ctx, PAGES, {
            build: {
              chunks: (module) => pageChunks(webDist, module),
              styles: (module) => pageStyles(webDist, module),
            },
            renderer: await loadPageRenderer(webDist, app.log),
          }),
        )
      : null;
  // The pages (and unknown paths) count against a per-address limit before anything is rendered.
  app.setNotFoundHandler({ preHandler: app.rateLimit(PAGE_RATE_LIMIT) }, (request, reply) => {
    if (
      sendIndex &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(request.url) &&
      !request.url.startsWith('/objects/')
    ) {
      return sendIndex(request, reply);
    }
    return reply.status(404).send({ message: `Not found: ${request.method} ${request.url.split('?')[0]}` });
  });
}

/** The answer to any other app path for a signed-out visitor: index.html with a `null` viewer, kept while the file is unchanged. */
const PLAIN: KeepRule = { ms: () => Number.POSITIVE_INFINITY };
/** A `signed-out-once` page: its data and markup are the same for every signed-out visitor, always. */
const ONCE: KeepRule = { ms: () => Number.POSITIVE_INFINITY };
/** The server's day (its zone): a kept answer is for the day it was made (the events calendar carries it). */
const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${now.getMonth() + 1}-${now.getDate()}`;
};

/**
 * What the HTML of an app path carries for the request's viewer: on every path the viewer (as GET
 * /api/user answers them, or null; decision 020); on a page of `pages` what its loader gives, and
 * its markup from the web's page renderer when there is one (without it, or when it fails, the
 * page renders in the browser as before). For a signed-out visitor, the finished answer of a page
 * whose rule keeps it (and of every other path) is kept (`kept`, decision 026).
 */
export function pageSource(
  ctx: Ctx,
  pages: readonly ServerPage[],
  { build, renderer }: { build: PageBuild; renderer: PageRenderer | null },
  kept = new KeptPages(ctx),
): IndexDataSource {
  const render = async (request: FastifyRequest, draw: () => Promise<string>) => {
    try {
      return await draw();
    } catch (error) {
      request.log.warn({ err: error }, `${request.url} sent without its rendered markup`);
      return undefined;
    }
  };
  /**
   * What `page` carries for `viewer` (null: nothing to add, the plain page), and whether its
   * markup, when it should have one, was rendered.
   */
  const dataOf = async (
    request: FastifyRequest,
    page: ServerPage,
    params: unknown,
    viewer: SessionUser | null,
    base: IndexData,
  ): Promise<{ data: IndexData; rendered: boolean } | null> => {
    const loaded = await page.load(ctx, viewer, params, build);
    if (!loaded) return null;
    const { render: draw, modules, styles, ...data } = loaded;
    const markup =
      renderer && draw
        ? await render(request, () => draw(renderer, JSON.parse(base.viewer ?? 'null')))
        : undefined;
    return {
      data: { ...base, ...data, modules: markup ? [] : modules, styles: markup ? styles : [], markup },
      rendered: markup !== undefined || !renderer || !draw,
    };
  };
  const signedOut: IndexData = { viewer: 'null', personal: false };
  /** The plain answer for a signed-out visitor (index.html and its `null` viewer), kept. */
  const plain = (index: () => Promise<string>) =>
    kept.answer('plain', PLAIN, index, async () => {
      const html = await index();
      return { page: finishPage(html, signedOut), index: html, keep: true };
    });
  return (request, pathname, index) =>
    (async () => {
      const viewer = await viewerOf(ctx, request);
      const query = request.url.indexOf('?');
      const search = query === -1 ? '' : request.url.slice(query);
      const found = matchPage(pages, pathname, search);
      if (!viewer) {
        if (!found) return plain(index);
        const { page, params } = found;
        if (page.cache === 'viewer')
          return (await dataOf(request, page, params, null, signedOut))?.data ?? plain(index);
        const rule = page.cache === 'signed-out-once' ? ONCE : page.cache.signedOut;
        return kept.answer(`${page.name} ${JSON.stringify(params)} ${today()}`, rule, index, async () => {
          const loaded = await dataOf(request, page, params, null, signedOut);
          // Nothing to add (an unknown id): the plain answer's bytes, not kept under this page (it may come to be).
          if (!loaded) return { page: await plain(index), index: await index(), keep: false };
          const html = await index();
          return { page: finishPage(html, loaded.data), index: html, keep: loaded.rendered };
        });
      }
      const base: IndexData = { viewer: await embeddedViewer(ctx.media, viewer), personal: true };
      if (!found || found.page.cache === 'signed-out-once') return base;
      return (await dataOf(request, found.page, found.params, viewer, base))?.data ?? base;
    })();
}

/** The first of `pages` that `pathname` and `search` are, with its parameters. */
function matchPage(
  pages: readonly ServerPage[],
  pathname: string,
  search: string,
): { page: ServerPage; params: unknown } | null {
  for (const page of pages) {
    const params = page.match(pathname, search);
    if (params !== null) return { page, params };
  }
  return null;
}
