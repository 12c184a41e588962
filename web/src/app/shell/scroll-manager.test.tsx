import { act, fireEvent, render } from '@testing-library/react';
import { MemoryRouter, type NavigateFunction, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScrollManager } from './scroll-manager';

let navigate: NavigateFunction = () => {};
function Navigator() {
  navigate = useNavigate();
  return null;
}

let height = 5000;
const scrollTo = vi.fn();

function scrollBy(y: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
  fireEvent.scroll(window);
}

function renderManager() {
  return render(
    <MemoryRouter initialEntries={['/']}>
      <ScrollManager />
      <Navigator />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  height = 5000;
  scrollTo.mockReset();
  vi.stubGlobal('scrollTo', scrollTo);
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, get: () => height });
  Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
});
afterEach(() => vi.useRealTimers());

const lastScroll = () => scrollTo.mock.calls.at(-1)?.[1];

describe('ScrollManager', () => {
  it('opens a new page at its top and restores the page left on Back and Forward', async () => {
    renderManager();
    expect(scrollTo).not.toHaveBeenCalled();
    scrollBy(1200);
    act(() => navigate('/teams'));
    expect(lastScroll()).toBe(0);
    scrollBy(300);
    act(() => navigate(-1));
    expect(lastScroll()).toBe(1200);
    act(() => navigate(1));
    expect(lastScroll()).toBe(300);
  });

  it('keeps the positions in sessionStorage for a reload', () => {
    const { unmount } = renderManager();
    scrollBy(800);
    act(() => navigate('/events'));
    const saved = new Map(JSON.parse(sessionStorage.getItem('scroll-positions') ?? '[]'));
    expect([...saved.values()]).toContain(800);
    unmount();
  });

  it('waits for the page to be tall enough before restoring (a feed growing after its first paint)', async () => {
    renderManager();
    scrollBy(3000);
    act(() => navigate('/teams'));
    height = 1000;
    scrollTo.mockReset();
    act(() => navigate(-1));
    // Not there yet: as far as the page goes, and trying again each frame.
    expect(lastScroll()).toBe(3000);
    const calls = scrollTo.mock.calls.length;
    await act(() => new Promise((r) => requestAnimationFrame(() => r(null))));
    expect(scrollTo.mock.calls.length).toBeGreaterThan(calls);
    height = 6000;
    await act(() => new Promise((r) => setTimeout(r, 50)));
    const settled = scrollTo.mock.calls.length;
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(scrollTo.mock.calls.length).toBe(settled);
    expect(lastScroll()).toBe(3000);
  });

  it('stops waiting as soon as the person scrolls', async () => {
    renderManager();
    scrollBy(3000);
    act(() => navigate('/teams'));
    height = 1000;
    act(() => navigate(-1));
    fireEvent.wheel(window);
    const calls = scrollTo.mock.calls.length;
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(scrollTo.mock.calls.length).toBe(calls);
  });

  it('keeps the position for a filter (the query string replaced) and for keepScroll (a dialog over a list)', () => {
    renderManager();
    act(() => navigate('/stores'));
    scrollTo.mockReset();
    scrollBy(700);
    act(() => navigate('/stores?country=Canada', { replace: true }));
    expect(scrollTo).not.toHaveBeenCalled();
    act(() => navigate('/news'));
    expect(lastScroll()).toBe(0);
    scrollTo.mockReset();
    act(() => navigate('/news/a-1', { state: { keepScroll: true } }));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
