import { describe, expect, it } from 'vitest';
import { valuesModule } from './vite-contract-values';

const source = `
import { z } from './messages';
import { MAX_IMAGES, imageSchema } from './common';
export const TEXTS = { title: 'Posts', count: (n) => \`\${n} posts\`, max: MAX_IMAGES };
export const CAPTION_MAX = 2200;
const PATTERN = /^[a-z]+$/;
export const LIMITS = [CAPTION_MAX, MAX_IMAGES];
export const ALIAS = TEXTS;
export const postBody = z.object({ caption: z.string().max(CAPTION_MAX) });
export const WITH_SCHEMA = { schema: postBody };
export const WITH_IMPORTED_SCHEMA = { image: imageSchema };
export const COMPUTED = Math.max(1, 2);
export function isShort(v) { return v.length < CAPTION_MAX; }
export { PATTERN as NAME_PATTERN };
`;

describe('contract values view (web build)', () => {
  const plainInCommon = (from: string, name: string) =>
    from === './common' && name === 'MAX_IMAGES' ? '/contract/common.ts?contract-values' : null;

  it('keeps plain constants and texts, with the imports they need, and drops schemas and calls', () => {
    const view = valuesModule(source, plainInCommon);
    expect([...view.exports].sort()).toEqual(['ALIAS', 'CAPTION_MAX', 'LIMITS', 'NAME_PATTERN', 'TEXTS']);
    expect(view.code).toContain(
      'import { MAX_IMAGES as MAX_IMAGES } from "/contract/common.ts?contract-values"',
    );
    expect(view.code).not.toContain('z.object');
    expect(view.code).not.toContain('./messages');
    expect(view.code).not.toContain('Math.max');
  });

  it('runs as a module that gives the same values', async () => {
    const view = valuesModule(source, () => null);
    // With the import unknown, what depends on it is left out too.
    expect([...view.exports].sort()).toEqual(['CAPTION_MAX', 'NAME_PATTERN']);
    const mod = await import(`data:text/javascript,${encodeURIComponent(view.code)}`);
    expect(mod.CAPTION_MAX).toBe(2200);
    expect(mod.NAME_PATTERN.test('abc')).toBe(true);
  });
});
