import { LRUCache } from 'lru-cache';
import type { SessionStore, SessionUser } from '../../context';

/**
 * Resolved sessions kept in this process for a few seconds, so that a signed-in request costs no
 * session query (see docs/decisions/005-session-cache.md). Logout, profile changes, role changes
 * and account deletion in this process forget the entries at once; another process sees them after
 * `ttlMs`. An lru-cache bounded by count; an entry expires `ttlMs` after it was stored.
 */
export class SessionCache implements SessionStore {
  private readonly entries: LRUCache<string, SessionUser> | null;

  constructor(
    readonly ttlMs = 5_000,
    readonly maxEntries = 10_000,
    now: () => number = Date.now,
  ) {
    this.entries =
      ttlMs > 0 ? new LRUCache({ max: maxEntries, ttl: ttlMs, ttlResolution: 0, perf: { now } }) : null;
  }

  get(tokenHash: string): SessionUser | undefined {
    return this.entries?.get(tokenHash);
  }

  set(tokenHash: string, user: SessionUser): void {
    this.entries?.set(tokenHash, user);
  }

  forgetToken(tokenHash: string): void {
    this.entries?.delete(tokenHash);
  }

  /** Drops every session of a user (their row changed or is gone). */
  forgetUser(userId: string): void {
    if (!this.entries) return;
    for (const [key, user] of this.entries.entries()) if (user.id === userId) this.entries.delete(key);
  }

  get size(): number {
    this.entries?.purgeStale();
    return this.entries?.size ?? 0;
  }
}
