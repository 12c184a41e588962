import type { SessionUser } from '../auth';

/** An email goes only to its owner and to admins. */
export const maySeeEmail = (viewer: SessionUser | null, ownerId: string) =>
  !!viewer && (viewer.id === ownerId || viewer.role === 'admin');

/** Nobody follows themself. */
export const mayFollow = (viewer: SessionUser, targetId: string) => viewer.id !== targetId;
