import type { FastifyRequest } from 'fastify';
import {
  attendeesAnswer,
  attendeesQuery,
  eventComment,
  eventCommentBody,
  eventCommentParams,
  eventCommentsAnswer,
  eventCommentsQuery,
  noContent,
  updateEventCommentBody,
  uuid,
  z,
} from '../../../contract';
import type { App, Ctx } from '../../context';
import { noStore } from '../../lib/http';
import { requireUser } from '../auth';
import { listAttendees } from './attendees';
import { addEventComment, deleteEventComment, listEventComments, updateEventComment } from './comments';

const eventParams = z.object({ id: uuid() });
/** 401 before the body is read. */
const signedIn = { onRequest: async (request: FastifyRequest) => void requireUser(request) };

/** Who's going and the discussion of an event (issue 26). */
export async function eventSocialRoutes(app: App, ctx: Ctx) {
  app.get(
    '/api/events/:id/attendees',
    { schema: { params: eventParams, querystring: attendeesQuery, response: { 200: attendeesAnswer } } },
    async (request, reply) => {
      noStore(reply);
      return listAttendees(ctx.db, request.user, request.params.id, request.query);
    },
  );

  app.get(
    '/api/events/:id/comments',
    {
      schema: {
        params: eventParams,
        querystring: eventCommentsQuery,
        response: { 200: eventCommentsAnswer },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return listEventComments(ctx.db, request.user, request.params.id, request.query);
    },
  );

  app.post(
    '/api/events/:id/comments',
    { ...signedIn, schema: { params: eventParams, body: eventCommentBody, response: { 201: eventComment } } },
    async (request, reply) => {
      noStore(reply);
      const made = await addEventComment(ctx.db, requireUser(request), request.params.id, request.body);
      return reply.status(201).send(made);
    },
  );

  app.patch(
    '/api/events/:id/comments/:commentId',
    {
      ...signedIn,
      schema: { params: eventCommentParams, body: updateEventCommentBody, response: { 200: eventComment } },
    },
    async (request, reply) => {
      noStore(reply);
      return updateEventComment(
        ctx.db,
        requireUser(request),
        request.params.id,
        request.params.commentId,
        request.body,
      );
    },
  );

  app.delete(
    '/api/events/:id/comments/:commentId',
    { ...signedIn, schema: { params: eventCommentParams, response: { 204: noContent } } },
    async (request, reply) => {
      await deleteEventComment(ctx.db, requireUser(request), request.params.id, request.params.commentId);
      return reply.status(204).send(null);
    },
  );
}
