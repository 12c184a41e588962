import type { FastifyRequest } from 'fastify';
import type { App, Ctx } from '../../context';
import { isApiPath, registerStaticWeb } from '../../plugins/static-web';
import { embeddedViewer, viewerOf } from '../auth';
import { createIndexSender, type IndexData, type IndexDataSource } from './html';
import { PAGES, type PageBuild, type ServerPage } from './pages';
import { loadPageRenderer, type PageRenderer, pageChunks, pageStyles } from './renderer';

export { type DataBlock, type IndexData, indexWithData, jsonForHtml, withPageMarkup } from './html';
export { PAGES, type ServerPage } from './pages';
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
  app.setNotFoundHandler((request, reply) => {
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

/**
 * What the HTML of an app path carries for the request's viewer: on every path the viewer (as GET
 * /api/user answers them, or null; decision 020); on a page of `pages` what its loader gives, and
 * its markup from the web's page renderer when there is one (without it, or when it fails, the
 * page renders in the browser as before).
 */
export function pageSource(
  ctx: Ctx,
  pages: readonly ServerPage[],
  { build, renderer }: { build: PageBuild; renderer: PageRenderer | null },
): IndexDataSource {
  const render = async (request: FastifyRequest, draw: () => Promise<string>) => {
    try {
      return await draw();
    } catch (error) {
      request.log.warn({ err: error }, `${request.url} sent without its rendered markup`);
      return undefined;
    }
  };
  // A `signed-out-once` page's markup, rendered for the first signed-out visitor and kept.
  const once = new Map<string, Promise<string | undefined>>();
  return (request, pathname) =>
    (async () => {
      const viewer = await viewerOf(ctx, request);
      const viewerJson = await embeddedViewer(ctx.media, viewer);
      const base: IndexData = { viewer: viewerJson, personal: viewer !== null };
      const query = request.url.indexOf('?');
      const search = query === -1 ? '' : request.url.slice(query);
      for (const page of pages) {
        const params = page.match(pathname, search);
        if (params === null) continue;
        if (page.cache === 'signed-out-once' && viewer) return base;
        const loaded = await page.load(ctx, viewer, params, build);
        if (!loaded) return base;
        const { render: draw, modules, styles, ...data } = loaded;
        let markup: string | undefined;
        if (renderer && draw) {
          if (page.cache === 'signed-out-once') {
            let pending = once.get(page.name);
            if (!pending) {
              pending = render(request, () => draw(renderer, null)).then((m) => {
                if (m === undefined) once.delete(page.name);
                return m;
              });
              once.set(page.name, pending);
            }
            markup = await pending;
          } else {
            markup = await render(request, () => draw(renderer, JSON.parse(viewerJson)));
          }
        }
        return { ...base, ...data, modules: markup ? [] : modules, styles: markup ? styles : [], markup };
      }
      return base;
    })();
}
