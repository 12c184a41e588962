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
  interface FastifyInstance {
    /** COOKIE_SECURE (or a PUBLIC_URL with https): every session cookie is Secure, named `__Host-sid`. */
    sessionCookieSecure: boolean;
  }
}

/** The name prefix that binds a Secure cookie to this host and path `/` (no subdomain can set it). */
export const SECURE_COOKIE_PREFIX = '__Host-';

/**
 * The session cookie's name and Secure flag for a request: Secure with COOKIE_SECURE or over https
 * (a trusted proxy's X-Forwarded-Proto), and then named with the `__Host-` prefix.
 */
export function sessionCookieOf(request: FastifyRequest): { name: string; secure: boolean } {
  const secure = request.server.sessionCookieSecure || request.protocol === 'https';
  return { name: secure ? `${SECURE_COOKIE_PREFIX}${SESSION_COOKIE}` : SESSION_COOKIE, secure };
}

/** The session token a request carries, or undefined. */
export const sessionTokenOf = (request: FastifyRequest): string | undefined =>
  request.cookies[sessionCookieOf(request).name];

/**
 * Reads the session cookie on API routes and sets request.user (or null). The route decides, not
 * the URL: `/%61pi/user` matches `/api/user` and is treated exactly like it.
 */
export async function registerCurrentUser(app: App, ctx: Ctx) {
  await app.register(cookie);
  app.decorateRequest('user', null);
  app.decorate('sessionCookieSecure', ctx.config.cookieSecure === true);
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
  const token = sessionTokenOf(request);
  return token ? await resolveSession(ctx.db, token, ctx.sessions) : null;
}

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  const { name, secure } = sessionCookieOf(request);
  reply.setCookie(name, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  const { name, secure } = sessionCookieOf(request);
  reply.clearCookie(name, { path: '/', secure, httpOnly: true, sameSite: 'lax' });
}
