import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ChangeBus } from '../context';
import type { Database } from '../db/client';

/** The one channel every process LISTENs on for cache changes (decision 025). */
export const CACHE_CHANGED_CHANNEL = 'cache_changed';

/** Topics more than one area hears. An account was deleted (key: its id): figures that count it are counted again. */
export const ACCOUNT_DELETED = 'account-deleted';

/** What goes over the channel: the sender, the topic, and what changed (a user's id, a token's hash). */
interface Message {
  o: string;
  t: string;
  k?: string;
}

/**
 * Tells every process on the same database what changed (decision 025): a publish runs this
 * process's subscribers at once and sends `pg_notify('cache_changed', '{"o":..,"t":..,"k":..}')`,
 * which every other process hears on its listening connection. On the embedded database (one
 * process) nothing is sent. While the listening connection is down `live` is false (caches keep
 * nothing), and when it is back every subscriber is told that everything changed.
 */
export class DatabaseChangeBus implements ChangeBus {
  /** This process's name on the channel: its own messages come back and are skipped. */
  private readonly origin = randomBytes(6).toString('base64url');
  private readonly handlers = new Map<string, Array<(key: string | null) => void>>();
  private readonly shared: boolean;
  private listening = false;
  private stop: (() => Promise<void>) | null = null;

  constructor(
    private readonly database: Database,
    private readonly onError: (err: unknown) => void = () => {},
  ) {
    this.shared = database.kind === 'postgres';
  }

  get live(): boolean {
    return !this.shared || this.listening;
  }

  /** Starts listening (PostgreSQL); resolves once listening or once the first attempt failed. */
  async start(): Promise<void> {
    if (!this.shared || this.stop) return;
    this.stop = await this.database.listen(
      CACHE_CHANGED_CHANNEL,
      (payload) => this.receive(payload),
      (listening) => {
        this.listening = listening;
        this.everything();
      },
    );
  }

  async close(): Promise<void> {
    const stop = this.stop;
    this.stop = null;
    this.listening = false;
    await stop?.();
  }

  subscribe(topic: string, onChange: (key: string | null) => void): void {
    const list = this.handlers.get(topic);
    if (list) list.push(onChange);
    else this.handlers.set(topic, [onChange]);
  }

  async publish(topic: string, key?: string): Promise<void> {
    this.dispatch(topic, key ?? null);
    if (!this.shared) return;
    const message: Message =
      key === undefined ? { o: this.origin, t: topic } : { o: this.origin, t: topic, k: key };
    try {
      await this.database.db.execute(
        sql`SELECT pg_notify(${CACHE_CHANGED_CHANNEL}, ${JSON.stringify(message)})`,
      );
    } catch (err) {
      // The change is made; other processes see it when their entries expire.
      this.onError(err);
    }
  }

  private receive(payload: string): void {
    let message: Partial<Message>;
    try {
      message = JSON.parse(payload);
    } catch {
      return;
    }
    if (typeof message?.t !== 'string' || message.o === this.origin) return;
    this.dispatch(message.t, typeof message.k === 'string' ? message.k : null);
  }

  private dispatch(topic: string, key: string | null): void {
    for (const onChange of this.handlers.get(topic) ?? []) onChange(key);
  }

  /** Messages may have been missed: every subscriber drops everything. */
  private everything(): void {
    for (const list of this.handlers.values()) for (const onChange of list) onChange(null);
  }
}

/** A bus for one process alone (caches built outside an app, tests of a cache). */
export function localChangeBus(): ChangeBus {
  const handlers = new Map<string, Array<(key: string | null) => void>>();
  return {
    live: true,
    subscribe(topic, onChange) {
      handlers.set(topic, [...(handlers.get(topic) ?? []), onChange]);
    },
    async publish(topic, key) {
      for (const onChange of handlers.get(topic) ?? []) onChange(key ?? null);
    },
  };
}
