import { describe, expect, it } from 'vitest';
import { PRODUCT_NAME } from './common';
import { NEWS_CATEGORIES, NEWS_DEFAULTS } from './constants';
import { NEWS_DEFAULT_VALUES, newsBody, newsQuery } from './news';

describe('newsBody', () => {
  it('fills the SPEC §9 defaults: category News, source the product name, read time 5 min', () => {
    expect(newsBody.parse({ title: ' Field opens ' })).toEqual({
      title: 'Field opens',
      excerpt: '',
      content: '',
      image: null,
      category: 'News',
      source: PRODUCT_NAME,
      readTime: '5 min',
    });
    expect(newsBody.parse({ title: 'x', source: '  ', readTime: '', image: '' })).toMatchObject({
      source: PRODUCT_NAME,
      readTime: '5 min',
      image: null,
    });
  });

  it('agrees with the shared constants', () => {
    expect(NEWS_DEFAULT_VALUES).toEqual(NEWS_DEFAULTS);
    expect(NEWS_CATEGORIES).toEqual(['News', 'Reviews', 'Tips', 'Events']);
  });

  it('requires a title and a known category; refuses unknown fields and bad images', () => {
    expect(newsBody.safeParse({ title: '   ' }).success).toBe(false);
    expect(newsBody.safeParse({}).success).toBe(false);
    expect(newsBody.safeParse({ title: 'x', category: 'Gossip' }).success).toBe(false);
    expect(newsBody.safeParse({ title: 'x', id: 'y' }).success).toBe(false);
    expect(newsBody.safeParse({ title: 'x', image: 'javascript:alert(1)' }).success).toBe(false);
    expect(newsBody.safeParse({ title: 'x', image: 'https://img.example.com/a.jpg' }).success).toBe(true);
  });

  it('reads the list query', () => {
    expect(newsQuery.parse({})).toEqual({ limit: 20 });
    expect(newsQuery.safeParse({ limit: '101' }).success).toBe(false);
    expect(newsQuery.safeParse({ category: 'Reviews' }).success).toBe(true);
  });
});
