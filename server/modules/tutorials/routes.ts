import {
  noContent,
  TUTORIAL_LIMITS,
  tutorial,
  tutorialBody,
  tutorialsQuery,
  uuid,
  z,
} from '../../../contract';
import type { App, Ctx } from '../../context';
import { bodyLimitForText } from '../../plugins/json-body';
import { requireUser } from '../auth';
import {
  createTutorial,
  deleteTutorial,
  getTutorial,
  listTutorials,
  replaceTutorial,
  type WriteDeps,
} from './service';
import { createYoutubeClient } from './youtube';

const idParams = z.object({ id: uuid() });
/** The Markdown text and the excerpt or description: more than a JSON body's 64 KiB. */
const BODY_LIMIT = bodyLimitForText(TUTORIAL_LIMITS.content + TUTORIAL_LIMITS.description);

/** Tutorials for everyone: the list (newest first, by category) and one tutorial. */
export async function tutorialRoutes(app: App, ctx: Ctx) {
  app.get(
    '/api/tutorials',
    {
      config: { signedOutCache: true },
      schema: { querystring: tutorialsQuery, response: { 200: z.array(tutorial) } },
    },
    async (request) => listTutorials(request.user ? ctx.db : ctx.readDb, request.query, request.user),
  );

  app.get(
    '/api/tutorials/:id',
    { config: { signedOutCache: true }, schema: { params: idParams, response: { 200: tutorial } } },
    async (request) => getTutorial(ctx.db, request.params.id, request.user),
  );
}

/** Add Tutorial (and edit, delete); registered inside the admin scope, which requires the role. */
export async function tutorialAdminRoutes(app: App, ctx: Ctx) {
  const deps: WriteDeps = {
    youtube: ctx.config.youtube ? createYoutubeClient(ctx.config.youtube) : null,
    warn: (err, message) => app.log.warn({ err: (err as Error)?.message }, message),
  };

  app.post(
    '/api/admin/tutorials',
    { bodyLimit: BODY_LIMIT, schema: { body: tutorialBody, response: { 201: tutorial } } },
    async (request, reply) =>
      reply.status(201).send(await createTutorial(ctx.db, deps, requireUser(request), request.body)),
  );

  app.put(
    '/api/admin/tutorials/:id',
    { bodyLimit: BODY_LIMIT, schema: { params: idParams, body: tutorialBody, response: { 200: tutorial } } },
    async (request) => replaceTutorial(ctx.db, deps, requireUser(request), request.params.id, request.body),
  );

  app.delete(
    '/api/admin/tutorials/:id',
    { schema: { params: idParams, response: { 204: noContent } } },
    async (request, reply) => {
      await deleteTutorial(ctx.db, requireUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
