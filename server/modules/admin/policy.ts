import type { FastifyRequest } from 'fastify';
import { ADMIN_TEXTS } from '../../../contract';
import { forbidden } from '../../errors';
import type { SessionUser } from '../auth';
import { requireUser } from '../auth';

/** Every admin route: signed in (401) and role admin (403). */
export function requireAdmin(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (user.role !== 'admin') throw forbidden(ADMIN_TEXTS.adminOnly);
  return user;
}

/** The last admin keeps the role: revoking it would leave nobody to grant it again. */
export const mayRevokeAdmin = (remainingAdmins: number) => remainingAdmins > 0;
