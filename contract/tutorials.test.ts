import { describe, expect, it } from 'vitest';
import {
  formatViewCount,
  parseYoutubeVideoId,
  TUTORIAL_FILTERS,
  tutorialBody,
  tutorialsQuery,
  youtubeEmbedUrl,
  youtubeSubscribeUrl,
} from './tutorials';

const ID = 'dQw4w9WgXcQ';

describe('parseYoutubeVideoId (SPEC §5)', () => {
  it.each([
    ['a watch URL', `https://www.youtube.com/watch?v=${ID}`],
    ['a watch URL with more parameters', `https://www.youtube.com/watch?feature=share&v=${ID}&t=42s`],
    ['a mobile watch URL', `https://m.youtube.com/watch?v=${ID}`],
    ['a watch URL without www or scheme', `youtube.com/watch?v=${ID}`],
    ['an http watch URL', `http://www.youtube.com/watch?v=${ID}`],
    ['a short URL', `https://youtu.be/${ID}`],
    ['a short URL with a share token', `https://youtu.be/${ID}?si=AbCdEf123&t=10`],
    ['an embed URL', `https://www.youtube.com/embed/${ID}`],
    ['a privacy-enhanced embed URL', `https://www.youtube-nocookie.com/embed/${ID}?rel=0`],
    ['a shorts URL', `https://www.youtube.com/shorts/${ID}`],
    ['a bare id', ID],
    ['a bare id with spaces around', `  ${ID} `],
    ['an id with - and _', 'a-b_c-d_e-f'],
  ])('reads %s', (_label, input) => {
    expect(parseYoutubeVideoId(input)).toBe(input.includes('a-b_c') ? 'a-b_c-d_e-f' : ID);
  });

  it.each([
    ['empty', ''],
    ['null', null],
    ['spaces', '   '],
    ['a 10-character id', 'dQw4w9WgXc'],
    ['a 12-character id', 'dQw4w9WgXcQQ'],
    ['an id with a bad character', 'dQw4w9WgX!Q'],
    ['another host', `https://vimeo.com/watch?v=${ID}`],
    ['a look-alike host', `https://youtube.com.evil.example/watch?v=${ID}`],
    ['a host ending like YouTube', `https://notyoutube.com/watch?v=${ID}`],
    ['a watch URL without v', 'https://www.youtube.com/watch?list=PL123'],
    ['a watch URL with a short v', 'https://www.youtube.com/watch?v=abc'],
    ['a channel page', 'https://www.youtube.com/@airsoft'],
    ['a short URL with a longer path', `https://youtu.be/${ID}/extra`],
    ['an embed URL without id', 'https://www.youtube.com/embed/'],
    ['a javascript: address', `javascript:alert('${ID}')`],
    ['a data: address', `data:text/html,${ID}`],
    ['credentials in the URL', `https://user:pw@www.youtube.com/watch?v=${ID}`],
    ['an odd port', `https://www.youtube.com:8443/watch?v=${ID}`],
    ['ftp', `ftp://youtu.be/${ID}`],
    ['plain words', 'how to play airsoft'],
  ])('refuses %s', (_label, input) => {
    expect(parseYoutubeVideoId(input)).toBeNull();
  });
});

describe('tutorial helpers', () => {
  it('embeds the privacy-enhanced player and subscribes to the channel when known', () => {
    expect(youtubeEmbedUrl(ID)).toBe(`https://www.youtube-nocookie.com/embed/${ID}?rel=0`);
    expect(youtubeSubscribeUrl(ID, 'UC123abc')).toBe(
      'https://www.youtube.com/channel/UC123abc?sub_confirmation=1',
    );
    expect(youtubeSubscribeUrl(ID, null)).toBe(`https://www.youtube.com/watch?v=${ID}`);
    expect(youtubeSubscribeUrl(ID, 'bad/id')).toBe(`https://www.youtube.com/watch?v=${ID}`);
  });

  it('formats view counts compactly', () => {
    expect(formatViewCount(1)).toBe('1 view');
    expect(formatViewCount(950)).toBe('950 views');
    expect(formatViewCount(1234)).toBe('1.2K views');
    expect(formatViewCount(2_500_000)).toBe('2.5M views');
  });

  it('has the filter buttons of SPEC §2 in order', () => {
    expect(TUTORIAL_FILTERS).toEqual(['All', 'How to Play', 'Equipment', 'Tactics', 'Milsim', 'Maintenance']);
  });
});

describe('tutorialBody', () => {
  const valid = {
    title: 'Your first game',
    description: 'What to bring',
    category: 'How to Play',
    difficulty: 'Beginner',
    duration: '10 min',
    videoUrl: `https://youtu.be/${ID}`,
  };

  it('defaults the type to video and empties to null', () => {
    const body = tutorialBody.parse({ ...valid, content: '', image: '', channelTitle: ' ' });
    expect(body).toMatchObject({ type: 'video', content: null, image: null, channelTitle: null });
  });

  it('needs a parsable video URL for a video, none for an article', () => {
    expect(tutorialBody.safeParse({ ...valid, videoUrl: '' }).success).toBe(false);
    expect(tutorialBody.safeParse({ ...valid, videoUrl: 'https://vimeo.com/1' }).success).toBe(false);
    expect(tutorialBody.safeParse({ ...valid, type: 'article', videoUrl: '' }).success).toBe(true);
  });

  it('refuses unknown categories, difficulties and fields', () => {
    expect(tutorialBody.safeParse({ ...valid, category: 'Cooking' }).success).toBe(false);
    expect(tutorialBody.safeParse({ ...valid, difficulty: 'Expert' }).success).toBe(false);
    expect(tutorialBody.safeParse({ ...valid, viewCount: 5 }).success).toBe(false);
  });

  it('takes categories with spaces in the query and refuses others', () => {
    expect(tutorialsQuery.parse({ category: 'How to Play' }).category).toBe('How to Play');
    expect(tutorialsQuery.safeParse({ category: 'how to play' }).success).toBe(false);
  });
});
