import {
  bookmarkAnswer,
  comment,
  commentBody,
  createPostBody,
  feedPost,
  likeAnswer,
  noContent,
  POST_TEXTS,
  pageQuery,
  uuid,
  z,
} from '../../../contract';
import type { App, Ctx } from '../../context';
import { notFound } from '../../errors';
import { requireUser } from '../auth';
import { assertReachableImages } from '../image-proxy';
import { notifyOptionsOf } from '../notifications';
import { findPost, listBookmarks, readFeed } from './service';
import * as posts from './writes';

const idParams = z.object({ id: uuid() });
const commentParams = z.object({ commentId: uuid() });
/** Route option of the writes that change what feeds show (plugins/feed-invalidation.ts). */
const changesFeed = { changesFeed: true };

export async function postRoutes(app: App, ctx: Ctx) {
  const notice = notifyOptionsOf(ctx.config);
  app.get(
    '/api/posts/feed',
    {
      config: { signedOutCache: true },
      schema: {
        querystring: pageQuery.extend({ before: uuid().optional() }),
        response: { 200: z.array(feedPost) },
      },
    },
    async (request) =>
      readFeed(
        ctx.db,
        ctx.feed,
        {
          viewerId: request.user?.id ?? null,
          limit: request.query.limit,
          before: request.query.before,
        },
        request.user,
      ),
  );

  app.get(
    '/api/posts/:id',
    { config: { signedOutCache: true }, schema: { params: idParams, response: { 200: feedPost } } },
    async (request) => {
      const post = await findPost(ctx.db, request.params.id, request.user);
      if (!post) throw notFound(POST_TEXTS.postNotFound);
      return post;
    },
  );

  app.put(
    '/api/posts/:id/bookmark',
    { schema: { params: idParams, response: { 200: bookmarkAnswer } }, config: changesFeed },
    async (request) => posts.bookmark(ctx.db, requireUser(request), request.params.id),
  );

  app.delete(
    '/api/posts/:id/bookmark',
    { schema: { params: idParams, response: { 200: bookmarkAnswer } }, config: changesFeed },
    async (request) => posts.unbookmark(ctx.db, requireUser(request), request.params.id),
  );

  app.get(
    '/api/user/bookmarks',
    {
      schema: {
        querystring: pageQuery.extend({ before: uuid().optional() }),
        response: { 200: z.array(feedPost) },
      },
    },
    async (request) =>
      listBookmarks(ctx.db, requireUser(request), {
        limit: request.query.limit,
        before: request.query.before,
      }),
  );

  app.post(
    '/api/posts',
    { schema: { body: createPostBody, response: { 201: feedPost } }, config: changesFeed },
    async (request, reply) => {
      const user = requireUser(request);
      // A pasted address must be an image the proxy can fetch, or the post is refused (issue 20).
      await assertReachableImages(ctx, request.body.images);
      return reply.status(201).send(await posts.createPost(ctx.db, user, request.body, notice));
    },
  );

  app.delete(
    '/api/posts/:id',
    { schema: { params: idParams, response: { 204: noContent } }, config: changesFeed },
    async (request, reply) => {
      await posts.deletePost(ctx.db, requireUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/posts/:id/like',
    { schema: { params: idParams, response: { 200: likeAnswer } }, config: changesFeed },
    async (request) => posts.like(ctx.db, requireUser(request), request.params.id, notice),
  );

  app.delete(
    '/api/posts/:id/like',
    { schema: { params: idParams, response: { 200: likeAnswer } }, config: changesFeed },
    async (request) => posts.unlike(ctx.db, requireUser(request), request.params.id),
  );

  app.get(
    '/api/posts/:id/comments',
    {
      config: { signedOutCache: true },
      schema: {
        params: idParams,
        querystring: pageQuery.extend({ before: uuid().optional() }),
        response: { 200: z.array(comment) },
      },
    },
    async (request) =>
      posts.listComments(ctx.db, request.params.id, {
        limit: request.query.limit,
        before: request.query.before,
        viewer: request.user,
      }),
  );

  app.post(
    '/api/posts/:id/comments',
    { schema: { params: idParams, body: commentBody, response: { 201: comment } }, config: changesFeed },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await posts.addComment(
            ctx.db,
            requireUser(request),
            request.params.id,
            request.body.content,
            notice,
          ),
        ),
  );

  app.patch(
    '/api/comments/:commentId',
    { schema: { params: commentParams, body: commentBody, response: { 200: comment } } },
    async (request) =>
      posts.editComment(ctx.db, requireUser(request), request.params.commentId, request.body.content, notice),
  );

  app.delete(
    '/api/comments/:commentId',
    { schema: { params: commentParams, response: { 204: noContent } }, config: changesFeed },
    async (request, reply) => {
      await posts.deleteComment(ctx.db, requireUser(request), request.params.commentId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/posts/user/:userId',
    {
      config: { signedOutCache: true },
      schema: {
        params: z.object({ userId: uuid() }),
        querystring: pageQuery.extend({ before: uuid().optional() }),
        response: { 200: z.array(feedPost) },
      },
    },
    async (request) =>
      readFeed(
        ctx.db,
        ctx.feed,
        {
          viewerId: request.user?.id ?? null,
          authorId: request.params.userId,
          limit: request.query.limit,
          before: request.query.before,
        },
        request.user,
      ),
  );
}
