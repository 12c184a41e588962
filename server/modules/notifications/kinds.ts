import { sql } from 'drizzle-orm';
import { mentionedUsernames } from '../../../contract/mentions';
import type { AppConfig } from '../../context';
import { rows } from '../../db/rows';
import type { Db } from '../../db/types';
import { type NotifyOptions, notify } from './notify';

/**
 * What the writes that notify share (issue 23): the options every notify() takes, the excerpt an
 * entry keeps of a text, and the mentions of a caption or a comment.
 */

/** The options of notify() for this app: mail is queued only when the site sends mail (SMTP_URL). */
export const notifyOptionsOf = (config: Pick<AppConfig, 'mail'>): NotifyOptions => ({
  mail: Boolean(config.mail),
});

/** For writes made outside a request that send no mail (the demo, tests): entries in the app only. */
export const NO_MAIL: NotifyOptions = { mail: false };

/** How much of a comment or a caption an entry keeps (its whitespace folded). */
export const EXCERPT_MAX = 140;

/** The first EXCERPT_MAX characters of `text` (whole code points), whitespace folded, '…' when cut. */
export function excerptOf(text: string, max = EXCERPT_MAX): string {
  const folded = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(folded);
  if (chars.length <= max) return folded;
  return `${chars
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`;
}

/**
 * The ids of the players named (lower-cased usernames), but the owner of `exceptOwnerOf` when
 * given, in one query on users' lower(username) index.
 */
async function playersNamed(tx: Db, names: readonly string[], exceptOwnerOf?: string): Promise<string[]> {
  // Usernames hold no quote nor backslash; each is quoted so that a player named "null" is a name.
  const list = `{${names.map((n) => `"${n}"`).join(',')}}`;
  const owner = exceptOwnerOf
    ? sql`AND id NOT IN (SELECT user_id FROM posts WHERE id = ${exceptOwnerOf}::uuid)`
    : sql``;
  const found = await rows<{ id: string }>(
    tx,
    sql`SELECT id FROM users WHERE lower(username) = ANY (${list}::text[]) ${owner}`,
  );
  return found.map((r) => r.id);
}

export interface MentionInput {
  /** The caption or the comment as written now. */
  text: string;
  /** What it said before an edit: only players it did not name yet are told. */
  before?: string;
  authorId: string;
  postId: string;
  /** The comment that mentions, when it is one (else the post's caption does). */
  commentId?: string;
  /** A comment's post's owner is told of the comment ('comment'): no 'mention' for it too. */
  exceptPostOwner?: boolean;
}

/**
 * Tells each existing player `text` mentions (`@username`, contract/mentions.ts), but its author
 * (and, with `exceptPostOwner`, the post's owner), in the caller's transaction: no statement when it names nobody new, else one to
 * find the players and notify()'s one. An entry per player and text, ever (dedupe key
 * `mention:<comment or post id>`), so that an edit that names a player again tells nobody twice.
 */
export async function notifyMentions(tx: Db, input: MentionInput, options: NotifyOptions): Promise<number> {
  let names = mentionedUsernames(input.text);
  if (input.before !== undefined) {
    const old = new Set(mentionedUsernames(input.before));
    names = names.filter((n) => !old.has(n));
  }
  if (names.length === 0) return 0;
  const recipientIds = await playersNamed(tx, names, input.exceptPostOwner ? input.postId : undefined);
  return notify(
    tx,
    {
      recipientIds,
      kind: 'mention',
      actorId: input.authorId,
      dedupeKey: `mention:${input.commentId ?? input.postId}`,
      postId: input.postId,
      commentId: input.commentId,
      data: { excerpt: excerptOf(input.text) },
    },
    options,
  );
}
