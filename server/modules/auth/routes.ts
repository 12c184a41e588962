import {
  AUTH_CONFIRM_TEXTS,
  changePasswordBody,
  confirmRegistrationBody,
  currentUser,
  loginBody,
  noContent,
  registerBody,
  registrationPending,
} from '../../../contract';
import type { App, Ctx } from '../../context';
import { ACCOUNT_DELETED } from '../../lib/change-bus';
import { noStore } from '../../lib/http';
import { AUTH_RATE_LIMIT } from '../../plugins/rate-limit';
import { clearSessionCookie, requireUser, sessionTokenOf, setSessionCookie } from './current-user';
import { presentCurrentUser } from './presenters';
import * as auth from './service';
import { createSession, revokeSession } from './sessions';

export async function authRoutes(app: App, ctx: Ctx) {
  // With SMTP_URL set, registration is confirmed by email and answers the same (202, no session)
  // for a new and a known email (issue 24); without it, the account is made at once (SPEC §5).
  app.post(
    '/api/register',
    {
      schema: {
        body: registerBody,
        response: {
          201: currentUser.describe('No mail configured: the new account, signed in'),
          202: registrationPending.describe('Mail configured: the same for a new and a known email'),
        },
      },
      config: { rateLimit: AUTH_RATE_LIMIT },
    },
    async (request, reply) => {
      const mail = ctx.config.mail;
      if (mail) {
        await auth.registerByEmail(ctx.db, request.body, ctx.config.adminUsernames, mail.publicUrl);
        return noStore(reply).status(202).send({ message: AUTH_CONFIRM_TEXTS.checkEmail });
      }
      const user = await auth.register(ctx.db, request.body, ctx.config.adminUsernames);
      setSessionCookie(request, reply, await createSession(ctx.db, user.id));
      return noStore(reply).status(201).send(presentCurrentUser(user));
    },
  );

  // The mailed link (/auth/confirm?token=...): the account is made and signed in, as registration does.
  app.post(
    '/api/register/confirm',
    {
      schema: { body: confirmRegistrationBody, response: { 201: currentUser } },
      config: { rateLimit: AUTH_RATE_LIMIT },
    },
    async (request, reply) => {
      const user = await auth.confirmRegistration(ctx.db, request.body.token, ctx.config.adminUsernames);
      setSessionCookie(request, reply, await createSession(ctx.db, user.id));
      return noStore(reply).status(201).send(presentCurrentUser(user));
    },
  );

  app.post(
    '/api/login',
    { schema: { body: loginBody, response: { 200: currentUser } }, config: { rateLimit: AUTH_RATE_LIMIT } },
    async (request, reply) => {
      const user = await auth.login(ctx.db, request.body);
      setSessionCookie(request, reply, await createSession(ctx.db, user.id));
      noStore(reply);
      return presentCurrentUser(user);
    },
  );

  app.post('/api/logout', { schema: { response: { 204: noContent } } }, async (request, reply) => {
    const token = sessionTokenOf(request);
    if (token) await revokeSession(ctx.db, token, ctx.sessions);
    clearSessionCookie(request, reply);
    return reply.status(204).send(null);
  });

  app.get('/api/user', { schema: { response: { 200: currentUser } } }, async (request, reply) => {
    noStore(reply);
    return presentCurrentUser(requireUser(request));
  });

  app.delete(
    '/api/user',
    { schema: { response: { 204: noContent } }, config: { changesFeed: true } },
    async (request, reply) => {
      const user = requireUser(request);
      await auth.deleteAccount(ctx.db, user.id);
      // Every process forgets its sessions, and counts the admin report again without it (decision 025).
      await ctx.sessions.forgetUser(user.id);
      await ctx.bus.publish(ACCOUNT_DELETED, user.id);
      clearSessionCookie(request, reply);
      return reply.status(204).send(null);
    },
  );

  // Settings: change the password (the current one required; every other session ends).
  app.post(
    '/api/user/password',
    {
      schema: { body: changePasswordBody, response: { 204: noContent } },
      config: { rateLimit: AUTH_RATE_LIMIT },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await auth.changePassword(ctx.db, user, sessionTokenOf(request) ?? '', request.body);
      await ctx.sessions.forgetUser(user.id);
      return reply.status(204).send(null);
    },
  );

  // Settings: sign out everywhere else (this session stays).
  app.post(
    '/api/user/sessions/revoke-others',
    { schema: { response: { 204: noContent } } },
    async (request, reply) => {
      const user = requireUser(request);
      await auth.revokeOtherSessions(ctx.db, user.id, sessionTokenOf(request) ?? '');
      await ctx.sessions.forgetUser(user.id);
      return reply.status(204).send(null);
    },
  );
}
