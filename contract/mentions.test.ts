import { describe, expect, it } from 'vitest';
import { USERNAME_MAX, USERNAME_MIN, USERNAME_PATTERN } from './auth';
import {
  MENTION_NAME_MAX,
  MENTION_NAME_MIN,
  MENTIONS_MAX,
  mentionedUsernames,
  splitMentions,
} from './mentions';

describe('mentionedUsernames', () => {
  it('finds @names at the start, after spaces and punctuation, lower-cased and once each', () => {
    expect(mentionedUsernames('@Alex and @sam_99, (@jo-ann) @ALEX!')).toEqual(['alex', 'sam_99', 'jo-ann']);
    expect(mentionedUsernames('line one\n@kim.lee: see you')).toEqual(['kim.lee']);
  });

  it('leaves out addresses, remote handles, a lone @, and names too short or too long', () => {
    expect(mentionedUsernames('write to alex@example.com or a@b.com')).toEqual([]);
    expect(mentionedUsernames('@alex@example.social')).toEqual([]);
    expect(mentionedUsernames('meet @ the field, @ab, @')).toEqual([]);
    expect(mentionedUsernames(`@${'a'.repeat(31)}`)).toEqual([]);
    expect(mentionedUsernames(`@${'a'.repeat(30)}`)).toEqual(['a'.repeat(30)]);
  });

  it('drops dots and hyphens that end a name as punctuation', () => {
    expect(mentionedUsernames('thanks @alex. and @bo-b--')).toEqual(['alex', 'bo-b']);
    expect(mentionedUsernames('@ab.')).toEqual([]);
  });

  it(`gives at most ${MENTIONS_MAX} names`, () => {
    const text = Array.from({ length: 15 }, (_, i) => `@player${i}`).join(' ');
    expect(mentionedUsernames(text)).toHaveLength(MENTIONS_MAX);
    expect(mentionedUsernames(text)[0]).toBe('player0');
  });
});

describe('usernames', () => {
  it("are mentioned by the registration's own rules", () => {
    expect([MENTION_NAME_MIN, MENTION_NAME_MAX]).toEqual([USERNAME_MIN, USERNAME_MAX]);
    for (const name of mentionedUsernames('@a.b-c_9 @Zed_01 @x.y.z')) expect(name).toMatch(USERNAME_PATTERN);
  });
});

describe('splitMentions', () => {
  it('cuts a text into plain runs and mentions that join back into the text', () => {
    const text = 'gg @alex. ask bob@x.com and @Sam';
    const parts = splitMentions(text);
    expect(parts).toEqual([
      { text: 'gg ' },
      { text: '@alex', username: 'alex' },
      { text: '. ask bob@x.com and ' },
      { text: '@Sam', username: 'Sam' },
    ]);
    expect(parts.map((p) => p.text).join('')).toBe(text);
    expect(splitMentions('')).toEqual([]);
    expect(splitMentions('no names')).toEqual([{ text: 'no names' }]);
  });
});
