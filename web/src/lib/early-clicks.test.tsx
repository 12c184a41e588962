import { readFileSync } from 'node:fs';
import path from 'node:path';
import { act } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { replayEarlyTap, tapLabel } from './early-clicks';

// public/boot.js as the page runs it, before the app: its listeners stay on the document, and
// hold clicks while <html> has no data-app="started".
beforeAll(() => {
  const boot = readFileSync(path.resolve(import.meta.dirname, '../../public/boot.js'), 'utf8');
  new Function(boot)();
});

const html = document.documentElement;
let roots: Root[] = [];
let container: HTMLDivElement;

function serverMarkup(onLike = () => {}) {
  return (
    <main>
      <button type="button" aria-label="Like" onClick={onLike}>
        3
      </button>
      <button type="button" aria-label="Like" onClick={onLike}>
        5
      </button>
      <button type="button" disabled>
        Post
      </button>
      <a href="#teams">Teams</a>
    </main>
  );
}

/** The server's HTML of `ui` in the page, before any script of the app. */
function paintFromServer(ui: React.ReactElement) {
  container = document.createElement('div');
  container.innerHTML = renderToString(ui);
  document.body.append(container);
  return container;
}

async function hydrate(ui: React.ReactElement) {
  vi.stubGlobal('IS_REACT_ACT_ENVIRONMENT', true);
  await act(async () => {
    roots.push(hydrateRoot(container, ui));
  });
}

afterEach(() => {
  for (const root of roots) act(() => root.unmount());
  roots = [];
  container?.remove();
  delete html.dataset.app;
  window.__earlyTap = undefined;
  vi.unstubAllGlobals();
});

const likes = () => [...container.querySelectorAll('button[aria-label="Like"]')] as HTMLElement[];

describe('boot.js before the app has started', () => {
  it('holds a click on a button: no default action, no handler reached, the button marked busy', () => {
    paintFromServer(serverMarkup());
    const reached = vi.fn();
    container.addEventListener('click', reached);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    likes()[1].dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(reached).not.toHaveBeenCalled();
    expect(likes()[1]).toHaveAttribute('data-pending');
    expect(window.__earlyTap).toMatchObject({ element: likes()[1], tag: 'BUTTON', label: 'Like', index: 1 });
  });

  it('keeps only the last tap, and leaves links, disabled buttons and keys to the browser', () => {
    paintFromServer(serverMarkup());
    likes()[0].click();
    likes()[1].click();
    expect(likes()[0]).not.toHaveAttribute('data-pending');
    expect(window.__earlyTap?.element).toBe(likes()[1]);

    const link = new MouseEvent('click', { bubbles: true, cancelable: true });
    container.querySelector('a')?.dispatchEvent(link);
    expect(link.defaultPrevented).toBe(false);
    container.querySelector('button:disabled')?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(window.__earlyTap?.element).toBe(likes()[1]);
    // Tab, Enter and Space are never held: the browser turns Enter/Space on a button into a click.
    const key = new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true });
    likes()[0].dispatchEvent(key);
    expect(key.defaultPrevented).toBe(false);
  });

  it('keeps a form from being sent by the browser (a GET with its fields in the address)', () => {
    paintFromServer(
      <form>
        <input name="password" defaultValue="secret" />
      </form>,
    );
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    container.querySelector('form')?.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
  });

  it('holds nothing once the app has started', () => {
    paintFromServer(serverMarkup());
    html.dataset.app = 'started';
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    likes()[0].dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
    expect(window.__earlyTap).toBeUndefined();
  });

  it('takes the label the way early-clicks.ts does', () => {
    paintFromServer(serverMarkup());
    likes()[1].click();
    expect(window.__earlyTap?.label).toBe(tapLabel(likes()[1]));
    const text = document.createElement('button');
    text.innerHTML = '  Create\n <span>Post</span> ';
    expect(tapLabel(text)).toBe('Create Post');
  });
});

describe('replayEarlyTap', () => {
  it('clicks the held button once the page is hydrated: its handler runs once', async () => {
    const onLike = vi.fn();
    paintFromServer(serverMarkup(onLike));
    const held = likes()[1];
    held.click();
    await hydrate(serverMarkup(onLike));
    html.dataset.app = 'started';
    await expect(replayEarlyTap()).resolves.toBe(true);
    expect(onLike).toHaveBeenCalledTimes(1);
    expect(likes()[1]).toBe(held);
    expect(held).not.toHaveAttribute('data-pending');
    // Once only.
    await expect(replayEarlyTap()).resolves.toBe(false);
    expect(onLike).toHaveBeenCalledTimes(1);
  });

  it('waits until React handles the node (a part whose code is still coming)', async () => {
    const onLike = vi.fn();
    paintFromServer(serverMarkup(onLike));
    likes()[0].click();
    html.dataset.app = 'started';
    const replayed = replayEarlyTap({ interval: 5 });
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(onLike).not.toHaveBeenCalled();
    expect(likes()[0]).toHaveAttribute('data-pending');
    await hydrate(serverMarkup(onLike));
    await expect(replayed).resolves.toBe(true);
    expect(onLike).toHaveBeenCalledTimes(1);
  });

  it('finds the control again when React replaced the node (a render instead of hydration)', async () => {
    const onLike = vi.fn();
    paintFromServer(serverMarkup());
    const held = likes()[1];
    held.click();
    vi.stubGlobal('IS_REACT_ACT_ENVIRONMENT', true);
    container.replaceChildren();
    const root = createRoot(container);
    roots.push(root);
    await act(async () => root.render(serverMarkup(onLike)));
    html.dataset.app = 'started';
    await expect(replayEarlyTap()).resolves.toBe(true);
    expect(held.isConnected).toBe(false);
    expect(onLike).toHaveBeenCalledTimes(1);
  });

  it('clicks nothing when the control is gone, or disabled by then', async () => {
    paintFromServer(serverMarkup());
    likes()[0].click();
    container.replaceChildren();
    html.dataset.app = 'started';
    await expect(replayEarlyTap({ timeout: 0 })).resolves.toBe(false);

    const onPost = vi.fn();
    const form = (disabled: boolean) => (
      <button type="button" disabled={disabled} onClick={onPost}>
        Post
      </button>
    );
    delete html.dataset.app;
    container.remove();
    paintFromServer(form(false));
    container.querySelector('button')?.click();
    await hydrate(form(false));
    await act(async () => roots[0].render(form(true)));
    html.dataset.app = 'started';
    await expect(replayEarlyTap()).resolves.toBe(false);
    expect(onPost).not.toHaveBeenCalled();
  });

  it('does nothing without a held tap', async () => {
    await expect(replayEarlyTap()).resolves.toBe(false);
  });
});
