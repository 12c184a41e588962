import type { AppModule } from '../../context';
import { authRoutes } from './routes';

export {
  clearSessionCookie,
  registerCurrentUser,
  requireUser,
  setSessionCookie,
  viewerOf,
} from './current-user';
export { embeddedViewer } from './embedded-viewer';
export { hashPassword } from './passwords';
export { isSuspended, mayTakeUsername, suspensionOf } from './policy';
export { presentCurrentUser } from './presenters';
export {
  bootstrapAdmins,
  confirmRegistration,
  deleteExpiredRegistrations,
  login,
  REGISTRATION_TTL_MS,
  register,
  registerByEmail,
  userConflict,
} from './service';
export { SessionCache, USER_CHANGED } from './session-cache';
export { createSession, resolveSession, SESSION_COOKIE, SESSION_TTL_MS, type SessionUser } from './sessions';

/** Accounts and sessions: register, sign in and out, the current user, password and sessions. */
export const authModule: AppModule = { name: 'auth', routes: authRoutes };
