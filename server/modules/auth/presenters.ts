import type { CurrentUser } from '../../../contract';
import { isSuspended, suspensionOf } from './policy';
import type { SessionUser } from './sessions';

/** The signed-in user as their own client sees it; never the password hash. */
export function presentCurrentUser(u: SessionUser): CurrentUser {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    bio: u.bio,
    location: u.location,
    avatar: u.avatar,
    coverImage: u.coverImage,
    role: u.role === 'admin' ? 'admin' : 'user',
    joinedAt: u.joinedAt.toISOString(),
    canAccessAdmin: u.role === 'admin',
    suspendedUntil: suspensionOf(u),
    suspensionReason: isSuspended(u) ? u.suspensionReason : null,
  };
}
