import { LRUCache } from 'lru-cache';
import type { ChangeBus, SessionStore, SessionUser } from '../../context';

/** The bus's topics for sessions (decision 025): one session ended (key: its token's hash); a user's sessions must be read again (key: the user's id). */
export const SESSION_ENDED = 'session';
export const USER_CHANGED = 'user';

/**
 * Resolved sessions kept in this process for a few seconds, so that a signed-in request costs no
 * session query (see docs/decisions/005-session-cache.md). Logout, profile changes, role changes,
 * password changes and account deletion forget the entries at once in this process and, through
 * the change bus (`sharedThrough`), in every other process on the same database (decision 025).
 * A resolve that began before a forget does not store what it read (generation stamp). An
 * lru-cache bounded by count; an entry expires `ttlMs` after it was stored.
 */
export class SessionCache implements SessionStore {
  private readonly entries: LRUCache<string, SessionUser> | null;
  private generation = 0;
  private bus: ChangeBus | null = null;

  constructor(
    readonly ttlMs = 5_000,
    readonly maxEntries = 10_000,
    now: () => number = Date.now,
  ) {
    this.entries =
      ttlMs > 0 ? new LRUCache({ max: maxEntries, ttl: ttlMs, ttlResolution: 0, perf: { now } }) : null;
  }

  /** Forgets go through `bus` to every process, and the bus's messages forget here. */
  sharedThrough(bus: ChangeBus): this {
    this.bus = bus;
    bus.subscribe(SESSION_ENDED, (tokenHash) =>
      tokenHash === null ? this.clear() : this.dropToken(tokenHash),
    );
    bus.subscribe(USER_CHANGED, (userId) => (userId === null ? this.clear() : this.dropUser(userId)));
    return this;
  }

  get(tokenHash: string): SessionUser | undefined {
    if (this.bus && !this.bus.live) return undefined;
    return this.entries?.get(tokenHash);
  }

  stamp(): number {
    return this.generation;
  }

  set(tokenHash: string, user: SessionUser, stamp = this.generation): void {
    if (stamp === this.generation) this.entries?.set(tokenHash, user);
  }

  async forgetToken(tokenHash: string): Promise<void> {
    if (this.bus) await this.bus.publish(SESSION_ENDED, tokenHash);
    else this.dropToken(tokenHash);
  }

  /** Drops every session of a user (their row changed or is gone), here and in every process. */
  async forgetUser(userId: string): Promise<void> {
    if (this.bus) await this.bus.publish(USER_CHANGED, userId);
    else this.dropUser(userId);
  }

  get size(): number {
    this.entries?.purgeStale();
    return this.entries?.size ?? 0;
  }

  private dropToken(tokenHash: string): void {
    this.generation++;
    this.entries?.delete(tokenHash);
  }

  private dropUser(userId: string): void {
    this.generation++;
    if (!this.entries) return;
    for (const [key, user] of this.entries.entries()) if (user.id === userId) this.entries.delete(key);
  }

  private clear(): void {
    this.generation++;
    this.entries?.clear();
  }
}
