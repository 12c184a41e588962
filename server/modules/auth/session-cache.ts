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
  /** Moves on every forget: a session read from the database before it is not kept (see stamp). */
  private generation = 0;

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

  /** Taken before the session is read from the database; `set` with it keeps nothing if a forget came between. */
  stamp(): number {
    return this.generation;
  }

  /**
   * Keeps a resolved session. With the stamp taken before it was read, it is kept only if nothing
   * was forgotten meanwhile: a session read just before its account was deleted (or signed out)
   * and stored just after must not answer for the next few seconds.
   */
  set(tokenHash: string, user: SessionUser, stamp?: number): void {
    if (stamp !== undefined && stamp !== this.generation) return;
    this.entries?.set(tokenHash, user);
  }

  forgetToken(tokenHash: string): void {
    this.generation++;
    this.entries?.delete(tokenHash);
  }

  /** Drops every session of a user (their row changed or is gone). */
  forgetUser(userId: string): void {
    this.generation++;
    if (!this.entries) return;
    for (const [key, user] of this.entries.entries()) if (user.id === userId) this.entries.delete(key);
  }

  get size(): number {
    this.entries?.purgeStale();
    return this.entries?.size ?? 0;
  }
}
