import { blockedWordBody, z } from '../../../contract';
import type { App, Ctx } from '../../context';
import * as words from './blocked-words';
import { requireAdmin } from './policy';

export async function moderationRoutes(app: App, ctx: Ctx) {
  // Every admin path answers 401/403 before anything else, known route or not.
  app.addHook('onRequest', async (request) => {
    if (request.url === '/api/admin' || request.url.startsWith('/api/admin/')) requireAdmin(request);
  });

  app.get('/api/admin/blocked-words', async () => words.listBlockedWords(ctx.db));

  app.post('/api/admin/blocked-words', { schema: { body: blockedWordBody } }, async (request, reply) => {
    const admin = requireAdmin(request);
    return reply.status(201).send(await words.addBlockedWord(ctx.db, request.body.word, admin.id));
  });

  app.delete(
    '/api/admin/blocked-words/:id',
    { schema: { params: z.object({ id: z.uuid() }) } },
    async (request, reply) => {
      requireAdmin(request);
      await words.removeBlockedWord(ctx.db, request.params.id);
      return reply.status(204).send();
    },
  );
}
