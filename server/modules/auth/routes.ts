import { loginBody, registerBody } from '../../../contract';
import type { App, Ctx } from '../../context';
import { clearSessionCookie, requireUser, setSessionCookie } from '../../plugins/current-user';
import { AUTH_RATE_LIMIT } from '../../plugins/rate-limit';
import { presentCurrentUser } from './presenters';
import * as auth from './service';
import { createSession, revokeSession, SESSION_COOKIE } from './sessions';

export async function authRoutes(app: App, ctx: Ctx) {
  app.post(
    '/api/register',
    { schema: { body: registerBody }, config: { rateLimit: AUTH_RATE_LIMIT } },
    async (request, reply) => {
      const user = await auth.register(ctx.db, request.body, ctx.config.adminUsernames);
      setSessionCookie(request, reply, await createSession(ctx.db, user.id));
      return reply.status(201).send(presentCurrentUser(user));
    },
  );

  app.post(
    '/api/login',
    { schema: { body: loginBody }, config: { rateLimit: AUTH_RATE_LIMIT } },
    async (request, reply) => {
      const user = await auth.login(ctx.db, request.body);
      setSessionCookie(request, reply, await createSession(ctx.db, user.id));
      return presentCurrentUser(user);
    },
  );

  app.post('/api/logout', async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await revokeSession(ctx.db, token, ctx.sessions);
    clearSessionCookie(reply);
    return reply.status(204).send();
  });

  app.get('/api/user', async (request) => presentCurrentUser(requireUser(request)));

  app.delete('/api/user', { config: { changesFeed: true } }, async (request, reply) => {
    const user = requireUser(request);
    await auth.deleteAccount(ctx.db, user.id);
    ctx.sessions.forgetUser(user.id);
    clearSessionCookie(reply);
    return reply.status(204).send();
  });
}
