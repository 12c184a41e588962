import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { useHydrated } from './use-hydrated';

function Probe() {
  return <p>{useHydrated() ? 'browser' : 'server'}</p>;
}

describe('useHydrated', () => {
  it('is false on the server and while hydrating, true right after, with no mismatch', async () => {
    const html = renderToString(<Probe />);
    expect(html).toBe('<p>server</p>');
    const container = document.createElement('div');
    container.innerHTML = html;
    const errors: unknown[] = [];
    const consoleError = vi.spyOn(console, 'error');
    vi.stubGlobal('IS_REACT_ACT_ENVIRONMENT', true);
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, <Probe />, { onRecoverableError: (error) => errors.push(error) });
    });
    expect(container.textContent).toBe('browser');
    expect(errors).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    act(() => root?.unmount());
    consoleError.mockRestore();
    vi.unstubAllGlobals();
  });
});
