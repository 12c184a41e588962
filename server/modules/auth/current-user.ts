import cookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { suspensionMessage } from '../../../contract';
import type { App, Ctx, SessionUser } from '../../context';
import { forbidden, unauthorized } from '../../errors';
import { isApiRoute } from '../../lib/http';
import { isSuspended, suspendedMayNot } from './policy';
import { resolveSession, SESSION_COOKIE, SESSION_TTL_MS } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

/**
 * Reads the session cookie on API routes and sets request.user (or null). The route decides, not
 * the URL: `/%61pi/user` matches `/api/user` and is treated exactly like it.
 */
export async function registerCurrentUser(app: App, ctx: Ctx) {
  await app.register(cookie);
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    if (!isApiRoute(request)) return;
    request.user = await viewerOf(ctx, request);
    // A suspended player reads, and changes nothing but their session and account (issue 24).
    const user = request.user;
    if (user && isSuspended(user) && suspendedMayNot(request.method, request.routeOptions.url))
      throw forbidden(
        suspensionMessage(
          user.suspendedIndefinitely ? 'indefinite' : (user.suspendedUntil as Date),
          user.suspensionReason,
        ),
      );
  });
}

/** The signed-in user of a request's session cookie, or null (for a page that is not an API route: GET /). */
export async function viewerOf(ctx: Ctx, request: FastifyRequest): Promise<SessionUser | null> {
  const token = request.cookies[SESSION_COOKIE];
  return token ? await resolveSession(ctx.db, token, ctx.sessions) : null;
}

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
