import type { FastifyReply, FastifyRequest } from 'fastify';

/** True when the matched route is an API route; decided from the route, never from the raw URL. */
export const isApiRoute = (request: FastifyRequest) => request.routeOptions.url?.startsWith('/api/') ?? false;

/** Answers that carry personal data (an email, the own account) are never stored by caches. */
export const noStore = (reply: FastifyReply) => reply.header('Cache-Control', 'private, no-store');
