import { text } from './common';
import { z } from './messages';

/** Blocked words (SPEC §2 Admin section, §5; DESIGN §5). */
export const MODERATION_TEXTS = {
  blockedWord: 'Your text contains a blocked word. Please rephrase it.',
  wordTaken: 'This word is already blocked',
  wordNotFound: 'Blocked word not found',
} as const;

export const blockedWordBody = z.object({ word: text().trim().min(1).max(100) });
export const blockedWord = z.object({ id: z.uuid(), word: z.string() });
export type BlockedWord = z.infer<typeof blockedWord>;

/**
 * The form blocked words are matched on (DESIGN §5): NFKC (full-width and other compatibility
 * forms become plain letters), invisible characters removed (zero-width spaces and joiners, word
 * joiner, byte-order mark, soft hyphen), lower case, then common look-alikes folded to the Latin
 * letter they imitate (Cyrillic and Greek letters that render like a, c, e, o, p, s, x, y...).
 * The table is Unicode's confusables for the Latin lower-case letters, trimmed to letters that look
 * the same in everyday fonts; it is short on purpose, so that real words in those scripts are not
 * mangled beyond what matching needs.
 */
const INVISIBLE = /[\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;

const CONFUSABLES: Record<string, string> = {
  // Cyrillic
  а: 'a',
  в: 'b',
  с: 'c',
  ԁ: 'd',
  е: 'e',
  ё: 'e',
  һ: 'h',
  н: 'h',
  і: 'i',
  ї: 'i',
  ј: 'j',
  к: 'k',
  ӏ: 'l',
  м: 'm',
  о: 'o',
  р: 'p',
  ԛ: 'q',
  ѕ: 's',
  т: 't',
  у: 'y',
  ў: 'y',
  ԝ: 'w',
  х: 'x',
  ʏ: 'y',
  // Greek
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  // Latin look-alikes
  ı: 'i',
  ɡ: 'g',
  ɑ: 'a',
  ø: 'o',
  ß: 'ss',
};
const CONFUSABLE_CHARS = new RegExp(`[${Object.keys(CONFUSABLES).join('')}]`, 'g');

export function normalizeForMatch(text: string): string {
  return text
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .toLowerCase()
    .replace(CONFUSABLE_CHARS, (c) => CONFUSABLES[c] ?? c);
}
