import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODERATION_TEXTS, normalizeForMatch } from '../../../contract';
import { posts } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createAdmin, createUser, injectAs } from '../../test/factories';
import { containsWord } from './blocked-words';

describe('containsWord on the normalised form', () => {
  it('catches zero-width, look-alike and full-width spellings', () => {
    for (const text of [
      'buy from spambot now',
      'buy from spam\u200bbot now',
      'buy from spa\u00admbot now',
      'buy from \u0455pambot now', // Cyrillic dze
      'buy from ѕраmbоt now', // Cyrillic s, r, a, o
      'buy from ｓｐａｍｂｏｔ now', // full-width
      'buy from SPAMBOT now',
      'buy from Ѕ\u200dPAMBOT now',
    ])
      expect(containsWord(text, 'spambot'), JSON.stringify(text)).toBe(true);
  });

  it('still matches whole words only, and a blocked word written with look-alikes too', () => {
    expect(containsWord('spambots are fine here', 'spambot')).toBe(false);
    expect(containsWord('antispambot', 'spambot')).toBe(false);
    expect(containsWord('a plain spambot', 'ѕpambot')).toBe(true);
    expect(containsWord('anything', '\u200b')).toBe(false);
  });

  it('normalizeForMatch folds to plain lower-case Latin', () => {
    expect(normalizeForMatch('ＡＢＣ\u200b ОРЕХ')).toBe('abc opex');
  });
});

describe('posts with a disguised blocked word are refused', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 400 and stores nothing', async () => {
    const admin = await createAdmin(t.database.db);
    const author = await createUser(t.database.db);
    const add = await injectAs(t.app, admin, {
      method: 'POST',
      url: '/api/admin/blocked-words',
      payload: { word: 'spambot' },
    });
    expect(add.statusCode).toBe(201);
    for (const caption of ['spam\u200bbot here', 'ѕpambot here', 'ｓｐａｍｂｏｔ here']) {
      const res = await injectAs(t.app, author, { method: 'POST', url: '/api/posts', payload: { caption } });
      expect(res.statusCode, caption).toBe(400);
      expect(res.json().message).toBe(MODERATION_TEXTS.blockedWord);
    }
    expect(await t.database.db.select().from(posts).where(eq(posts.userId, author.id))).toHaveLength(0);
  });
});
