import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FEED_TEXTS } from '@contract/posts';
import { THEME_STORAGE_KEY } from '@web/lib/constants';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { AppRoot } from './app/app-root';
import { renderHome } from './prerender';

// Comments (Suspense markers) and <template> tags are server-render bookkeeping, not markup.
const bare = (html: string) => html.replace(/<!--.*?-->/g, '').replace(/<template[^>]*><\/template>/g, '');

describe('prerendered / (index.html, decision 015)', () => {
  it('holds the header, the hero and the feed heading', async () => {
    const html = await renderHome();
    expect(html).toContain('id="hero-title"');
    expect(html).toContain(FEED_TEXTS.heroTitle);
    expect(html).toContain('<header');
    expect(html).toContain('id="main"');
  });

  it("is the browser's first commit of / to the letter, so replacing it moves nothing", async () => {
    const html = await renderHome();
    // The API never answers: the first commit is what paints before any answer.
    vi.stubGlobal('fetch', () => new Promise(() => {}));
    vi.stubGlobal('IS_REACT_ACT_ENVIRONMENT', true);
    window.history.replaceState(null, '', '/');
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    await act(async () => root.render(<AppRoot />));
    expect(bare(container.innerHTML)).toBe(bare(html));
    act(() => root.unmount());
    container.remove();
    vi.unstubAllGlobals();
  });

  it('boot.js reads the theme under the key the app stores it', () => {
    const boot = readFileSync(path.resolve(import.meta.dirname, '../public/boot.js'), 'utf8');
    expect(boot).toContain(`localStorage.getItem('${THEME_STORAGE_KEY}')`);
    const index = readFileSync(path.resolve(import.meta.dirname, '../index.html'), 'utf8');
    expect(index).toContain('<script src="/boot.js"></script>');
    expect(index).toContain('<div id="root"></div>');
  });
});
