import { blockedWord, blockedWordBody, noContent, uuid, z } from '../../../contract';
import type { App, Ctx } from '../../context';
import { requireUser } from '../auth';
import * as words from './blocked-words';

/** Blocked words; registered inside the admin scope (modules/admin/scope.ts), which requires the role. */
export async function moderationRoutes(app: App, ctx: Ctx) {
  app.get('/api/admin/blocked-words', { schema: { response: { 200: z.array(blockedWord) } } }, async () =>
    words.listBlockedWords(ctx.db),
  );

  app.post(
    '/api/admin/blocked-words',
    { schema: { body: blockedWordBody, response: { 201: blockedWord } } },
    async (request, reply) =>
      reply.status(201).send(await words.addBlockedWord(ctx.db, request.body.word, requireUser(request).id)),
  );

  app.delete(
    '/api/admin/blocked-words/:id',
    { schema: { params: z.object({ id: uuid() }), response: { 204: noContent } } },
    async (request, reply) => {
      await words.removeBlockedWord(ctx.db, request.params.id, requireUser(request).id);
      return reply.status(204).send(null);
    },
  );
}
