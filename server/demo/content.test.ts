import { describe, expect, it } from 'vitest';
import {
  NEWS_CATEGORIES,
  newsBody,
  parseYoutubeVideoId,
  TUTORIAL_CATEGORIES,
  TUTORIAL_DIFFICULTIES,
  tutorialBody,
} from '../../contract';
import { NEWS } from './data/news';
import { TUTORIALS } from './data/tutorials';

describe('demo news and tutorials', () => {
  it('has Markdown news of every category, each one the admin form would accept', () => {
    expect(new Set(NEWS.map((a) => a.category))).toEqual(new Set(NEWS_CATEGORIES));
    for (const a of NEWS) {
      const { days: _d, scene: _s, tag: _t, ...payload } = a;
      expect(newsBody.safeParse(payload).success, a.title).toBe(true);
    }
    expect(NEWS.some((a) => /^## /m.test(a.content))).toBe(true);
    expect(NEWS.some((a) => /^\| .* \|$/m.test(a.content))).toBe(true);
  });

  it('has tutorials of every category and difficulty, video and written, each one valid', () => {
    expect(new Set(TUTORIALS.map((t) => t.category))).toEqual(new Set(TUTORIAL_CATEGORIES));
    expect(new Set(TUTORIALS.map((t) => t.difficulty))).toEqual(new Set(TUTORIAL_DIFFICULTIES));
    expect(new Set(TUTORIALS.map((t) => t.type))).toEqual(new Set(['video', 'article']));
    for (const t of TUTORIALS) {
      const payload = {
        title: t.title,
        description: t.description,
        content: t.content,
        category: t.category,
        difficulty: t.difficulty,
        duration: t.duration,
        type: t.type,
        videoUrl: t.videoId ? `https://www.youtube.com/watch?v=${t.videoId}` : '',
        channelTitle: t.channel,
      };
      expect(tutorialBody.safeParse(payload).success, t.title).toBe(true);
      if (t.type === 'video') {
        expect(parseYoutubeVideoId(t.videoId), t.title).toBe(t.videoId);
        expect(t.channel, t.title).toBeTruthy();
      } else expect(t.content, t.title).toBeTruthy();
    }
  });
});
