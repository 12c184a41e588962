/**
 * `@username` in a post's caption or a comment (issue 23): the server notifies the players named,
 * the web links each to their profile. One parser for both, so that what is linked is what is
 * notified.
 *
 * A mention is `@` followed by a username (SPEC: letters, digits, '_', '-' and '.', 3 to 30 of
 * them), where the `@` starts the text or follows a character that cannot be part of a username
 * (so `a@b.com` is an address, not a mention) and the name is not followed by another `@` (a
 * remote handle `@alex@example.social`). Dots and hyphens ending it are punctuation ("thanks
 * @alex." names alex), and a longer run of name characters is no username at all.
 */

/**
 * A username's length (contract/auth.ts USERNAME_MIN and USERNAME_MAX, checked equal by the
 * tests): repeated here so that the web's posts, which render mentions, load no schema module.
 */
export const MENTION_NAME_MIN = 3;
export const MENTION_NAME_MAX = 30;

/** At most this many players are notified from one text; further names are still linked. */
export const MENTIONS_MAX = 10;

const NAME_CHAR = /[A-Za-z0-9_.-]/;
const MENTION = /@([A-Za-z0-9_.-]+)/g;

/** A piece of a text: plain, or a mention (its `text` is what was written, `@` included). */
export type MentionPart = { text: string; username?: undefined } | { text: string; username: string };

/** The text cut into plain runs and mentions, in order; joining every part's `text` gives the text back. */
export function splitMentions(text: string): MentionPart[] {
  const parts: MentionPart[] = [];
  let plainFrom = 0;
  for (const match of text.matchAll(MENTION)) {
    const at = match.index;
    if (at > 0 && NAME_CHAR.test(text[at - 1] ?? '')) continue;
    const run = match[1] ?? '';
    const name = run.replace(/[.-]+$/, '');
    if (text[at + 1 + run.length] === '@') continue;
    if (name.length < MENTION_NAME_MIN || name.length > MENTION_NAME_MAX) continue;
    if (at > plainFrom) parts.push({ text: text.slice(plainFrom, at) });
    parts.push({ text: `@${name}`, username: name });
    plainFrom = at + 1 + name.length;
  }
  if (plainFrom < text.length) parts.push({ text: text.slice(plainFrom) });
  return parts;
}

/** The usernames a text mentions, lower-cased (usernames are unique whatever their case), once each, the first MENTIONS_MAX. */
export function mentionedUsernames(text: string): string[] {
  const names = new Set<string>();
  for (const part of splitMentions(text)) {
    if (part.username === undefined) continue;
    names.add(part.username.toLowerCase());
    if (names.size >= MENTIONS_MAX) break;
  }
  return [...names];
}
