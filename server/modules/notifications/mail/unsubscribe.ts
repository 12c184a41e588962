import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { NOTIFICATION_KINDS, type NotificationKind } from '../../../../contract';
import type { Db } from '../../../db/types';

/** What a mail is about, and so what its unsubscribe link stops: a notification kind, or the daily digest. */
export type MailKind = NotificationKind | 'digest';

const MAIL_KINDS: ReadonlySet<string> = new Set([...NOTIFICATION_KINDS, 'digest']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface UnsubscribeSigner {
  /** `<user id>.<kind>.<HMAC>`: stops one kind's mail (or the digest) for one player; it does not expire. */
  token(userId: string, kind: MailKind): string;
  /** The (user, kind) a token names, or null when it is malformed or its signature is not ours. */
  read(token: string): { userId: string; kind: MailKind } | null;
}

/** Signs unsubscribe links with a key derived from the session secret (never the secret itself). */
export function createUnsubscribeSigner(secret: string): UnsubscribeSigner {
  const key = createHmac('sha256', secret).update('notifications-unsubscribe').digest();
  const mac = (userId: string, kind: string) =>
    createHmac('sha256', key).update(`${userId}:${kind}`).digest('base64url');
  return {
    token: (userId, kind) => `${userId}.${kind}.${mac(userId, kind)}`,
    read(token) {
      const [userId, kind, given, ...rest] = token.split('.');
      if (rest.length > 0 || !given || !UUID.test(userId) || !MAIL_KINDS.has(kind)) return null;
      const expected = Buffer.from(mac(userId, kind));
      const actual = Buffer.from(given);
      if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
      return { userId, kind: kind as MailKind };
    },
  };
}

/** The path of the unsubscribe link (GET shows a confirmation, POST unsubscribes: RFC 8058). */
export const unsubscribePath = (token: string) =>
  `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;

/**
 * Stops `kind`'s mail for `userId`: the kind goes to 'app' (one already 'off' stays off), or the
 * digest goes off. A player whose account is gone has nothing to stop (no row is written).
 */
export async function unsubscribe(db: Db, userId: string, kind: MailKind): Promise<void> {
  if (kind === 'digest') {
    await db.execute(sql`
      INSERT INTO notification_settings (user_id, digest)
      SELECT id, false FROM users WHERE id = ${userId}
      ON CONFLICT (user_id) DO UPDATE SET digest = false`);
    return;
  }
  // No kind is 'off' by default: a new row takes 'app'.
  const app = JSON.stringify({ [kind]: 'app' });
  await db.execute(sql`
    INSERT INTO notification_settings (user_id, channels)
    SELECT id, ${app}::jsonb FROM users WHERE id = ${userId}
    ON CONFLICT (user_id) DO UPDATE SET channels = CASE
      WHEN notification_settings.channels ->> ${kind} = 'off' THEN notification_settings.channels
      ELSE notification_settings.channels || ${app}::jsonb END`);
}
