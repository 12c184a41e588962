import { asc, eq } from 'drizzle-orm';
import { type BlockedWord, MODERATION_TEXTS, normalizeForMatch } from '../../../contract';
import type { Db } from '../../db/client';
import { blockedWords } from '../../db/schema';
import { badRequest, conflict, notFound, uniqueViolation } from '../../errors';
import { audit } from '../audit';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * True when `text` holds `word` as a whole word (or phrase), in any case, compared on the
 * normalised form of both (contract/moderation.ts): `spam\u200bbot`, `ѕpambot` with a Cyrillic s
 * and full-width `ｓｐａｍｂｏｔ` all hold `spambot`.
 */
export function containsWord(text: string, word: string): boolean {
  const target = normalizeForMatch(word);
  if (!target) return false;
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}_])${escapeRegExp(target)}(?![\\p{L}\\p{N}_])`, 'u');
  return pattern.test(normalizeForMatch(text));
}

/** Refuses text that uses a blocked word; nothing is stored. */
export async function assertNoBlockedWords(db: Db, ...texts: string[]): Promise<void> {
  const words = await db.select({ word: blockedWords.word }).from(blockedWords);
  if (words.some(({ word }) => texts.some((t) => containsWord(t, word))))
    throw badRequest(MODERATION_TEXTS.blockedWord);
}

export async function listBlockedWords(db: Db): Promise<BlockedWord[]> {
  return db
    .select({ id: blockedWords.id, word: blockedWords.word })
    .from(blockedWords)
    .orderBy(asc(blockedWords.word));
}

export async function addBlockedWord(db: Db, word: string, addedBy: string): Promise<BlockedWord> {
  try {
    return await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const [row] = await tx
        .insert(blockedWords)
        .values({ word, addedBy })
        .returning({ id: blockedWords.id, word: blockedWords.word });
      await audit(tx, {
        adminId: addedBy,
        action: 'blocked-word.add',
        subjectType: 'blocked-word',
        subjectId: row.id,
        data: { word: row.word },
      });
      return row;
    });
  } catch (err) {
    if (uniqueViolation(err) !== null) throw conflict(MODERATION_TEXTS.wordTaken);
    throw err;
  }
}

export async function removeBlockedWord(db: Db, id: string, adminId: string): Promise<void> {
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const gone = await tx
      .delete(blockedWords)
      .where(eq(blockedWords.id, id))
      .returning({ id: blockedWords.id, word: blockedWords.word });
    if (gone.length === 0) throw notFound(MODERATION_TEXTS.wordNotFound);
    await audit(tx, {
      adminId,
      action: 'blocked-word.remove',
      subjectType: 'blocked-word',
      subjectId: id,
      data: { word: gone[0].word },
    });
  });
}
