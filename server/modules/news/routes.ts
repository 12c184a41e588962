import { NEWS_LIMITS, newsArticle, newsBody, newsQuery, noContent, uuid, z } from '../../../contract';
import type { App, Ctx } from '../../context';
import { bodyLimitForText } from '../../plugins/json-body';
import { requireUser } from '../auth';
import { createNews, deleteNews, getNews, listNews, replaceNews } from './service';

const idParams = z.object({ id: uuid() });
/** The Markdown text and the excerpt or description: more than a JSON body's 64 KiB. */
const BODY_LIMIT = bodyLimitForText(NEWS_LIMITS.content + NEWS_LIMITS.excerpt);

/** News for everyone: the list (newest first, by category, keyset pages) and one article. */
export async function newsRoutes(app: App, ctx: Ctx) {
  app.get(
    '/api/news',
    {
      config: { signedOutCache: true },
      schema: { querystring: newsQuery, response: { 200: z.array(newsArticle) } },
    },
    async (request) => listNews(request.user ? ctx.db : ctx.readDb, request.query, request.user),
  );

  app.get(
    '/api/news/:id',
    { config: { signedOutCache: true }, schema: { params: idParams, response: { 200: newsArticle } } },
    async (request) => getNews(ctx.db, request.params.id, request.user),
  );
}

/** Manage News; registered inside the admin scope (modules/admin/scope.ts), which requires the role. */
export async function newsAdminRoutes(app: App, ctx: Ctx) {
  app.post(
    '/api/admin/news',
    { bodyLimit: BODY_LIMIT, schema: { body: newsBody, response: { 201: newsArticle } } },
    async (request, reply) =>
      reply.status(201).send(await createNews(ctx.db, requireUser(request), request.body)),
  );

  app.put(
    '/api/admin/news/:id',
    { bodyLimit: BODY_LIMIT, schema: { params: idParams, body: newsBody, response: { 200: newsArticle } } },
    async (request) => replaceNews(ctx.db, requireUser(request), request.params.id, request.body),
  );

  app.delete(
    '/api/admin/news/:id',
    { schema: { params: idParams, response: { 204: noContent } } },
    async (request, reply) => {
      await deleteNews(ctx.db, requireUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
