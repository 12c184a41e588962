import { describe, expect, it } from 'vitest';
import { hasControlChars, text, uuid } from './common';
import { imageRef, isImageRef } from './profiles';

describe('isImageRef', () => {
  it('takes our object paths and absolute http(s) URLs', () => {
    for (const ok of [
      '/objects/images/0b7c6a1e-3f7e-4a0e-9d4e-1f2a3b4c5d6e.webp',
      '/objects/images/demo-avatar-sarah.speedsoft.webp',
      'https://example.com/cat.jpg',
      'http://img.example.org/a/b.png?size=2',
    ])
      expect(isImageRef(ok), ok).toBe(true);
  });

  it('refuses paths that a browser would resolve elsewhere, and other schemes', () => {
    for (const bad of [
      '/objects/../api/logout',
      '/objects/images/../../api/logout',
      '/objects/./images/x.webp',
      '/objects/images//x.webp',
      '/objects/',
      '/objects/images/%2e%2e/x',
      '/objects/images\\..\\x',
      '/api/logout',
      '//evil.example/x.png',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'https://user:pass@example.com/x.png',
      'https://exa mple.com/x.png',
      'https://',
      'ftp://example.com/x.png',
    ])
      expect(isImageRef(bad), bad).toBe(false);
  });

  it('is the rule of the imageRef schema, after trimming', () => {
    expect(imageRef.parse('  /objects/images/x.webp ')).toBe('/objects/images/x.webp');
    expect(imageRef.safeParse('/objects/../api/logout').success).toBe(false);
  });
});

describe('text and uuid', () => {
  it('refuses control characters other than newline and tab', () => {
    for (const bad of ['a\u0000b', '\u0007', 'x\u001b[31m', '\u007f', '\u0085']) {
      expect(hasControlChars(bad)).toBe(true);
      expect(text().safeParse(bad).error?.issues[0].message).toBe('Must not contain control characters');
    }
    for (const ok of ['line one\nline two', 'col\tcol', 'ünïcödé ✓', 'crlf\r\n'])
      expect(text().parse(ok)).toBe(ok);
  });

  it('reads a uuid in any case as lower case', () => {
    expect(uuid().parse('A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11')).toBe('a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11');
    expect(uuid().safeParse('not-a-uuid').success).toBe(false);
  });
});
