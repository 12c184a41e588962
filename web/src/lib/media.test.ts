import { rgbaToThumbHash } from 'thumbhash';
import { describe, expect, it } from 'vitest';
import { displaySrc, placeholderUrl, sizedSrc } from './media';

describe('displaySrc', () => {
  it('keeps our own paths, proxies outside addresses through the media map, and has nothing else', () => {
    expect(displaySrc('/objects/images/a.webp')).toBe('/objects/images/a.webp');
    const media = { 'https://x.example/a.png': { src: '/api/image-proxy?url=x&sig=y' } };
    expect(displaySrc('https://x.example/a.png', media)).toBe('/api/image-proxy?url=x&sig=y');
    expect(displaySrc('https://x.example/b.png', media)).toBeNull();
    expect(displaySrc('https://x.example/a.png')).toBeNull();
    expect(displaySrc('/api/logout')).toBeNull();
    expect(displaySrc(null)).toBeNull();
  });
});

describe('sizedSrc and placeholderUrl', () => {
  const media = {
    '/objects/images/a.webp': {
      src: '/objects/images/a.webp',
      srcset:
        '/objects/images/a-w320.webp 320w, /objects/images/a-w640.webp 640w, /objects/images/a.webp 900w',
      width: 900,
      height: 600,
    },
  };
  it('picks the smallest copy at least as wide as asked, else the image itself', () => {
    expect(sizedSrc('/objects/images/a.webp', media, 256)).toBe('/objects/images/a-w320.webp');
    expect(sizedSrc('/objects/images/a.webp', media, 500)).toBe('/objects/images/a-w640.webp');
    expect(sizedSrc('/objects/images/a.webp', media, 2000)).toBe('/objects/images/a.webp');
    expect(sizedSrc('/objects/images/b.webp', media, 256)).toBe('/objects/images/b.webp');
    expect(sizedSrc('https://x.example/a.png', media, 256)).toBeNull();
  });
  it('decodes a thumbhash to a PNG data URL, and ignores a broken one', () => {
    const hash = btoa(String.fromCharCode(...rgbaToThumbHash(2, 2, new Uint8Array(16).fill(128))));
    expect(placeholderUrl(hash)).toMatch(/^data:image\/png;base64,/);
    expect(placeholderUrl('')).toBeUndefined();
    expect(placeholderUrl('%%%')).toBeUndefined();
  });
});
