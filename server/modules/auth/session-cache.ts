import type { SessionUser } from './sessions';

interface Entry {
  user: SessionUser;
  until: number;
}

/**
 * Resolved sessions kept in this process for a few seconds, so that a signed-in request costs no
 * session query (see docs/decisions/005-session-cache.md). Logout, profile changes and account
 * deletion in this process forget the entries at once; another process sees them after `ttlMs`.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    readonly ttlMs = 5_000,
    readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(tokenHash: string): SessionUser | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.until <= this.now()) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.user;
  }

  set(tokenHash: string, user: SessionUser): void {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: the first key is the oldest entry.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(tokenHash, { user, until: this.now() + this.ttlMs });
  }

  forgetToken(tokenHash: string): void {
    this.entries.delete(tokenHash);
  }

  /** Drops every session of a user (their row changed or is gone). */
  forgetUser(userId: string): void {
    for (const [key, entry] of this.entries) if (entry.user.id === userId) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
