import type { SessionUser } from '../auth/sessions';

/** A post or comment may be deleted by its author or an admin; edited by its author only. */
export const mayDelete = (user: SessionUser, authorId: string) =>
  user.id === authorId || user.role === 'admin';
export const mayEdit = (user: SessionUser, authorId: string) => user.id === authorId;
