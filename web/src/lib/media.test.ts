import { describe, expect, it } from 'vitest';
import { displaySrc } from './media';

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
