import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { resetToasts } from '@web/lib/toast';
import { afterAll, afterEach, vi } from 'vitest';

// Pages are lazy chunks: the first import of one is transformed on demand and can take a while,
// and two test files run at once on a 2-core CI machine (a list of 25 post cards took over 5 s).
configure({ asyncUtilTimeout: 10_000 });

let toasted = false;
afterEach(() => {
  cleanup();
  if (resetToasts()) toasted = true;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.className = '';
});

// A toast closed in a file's last moments finishes its exit (sonner's 200 ms timer) before jsdom
// is torn down: fired after, it threw 'window is not defined', an unhandled error that fails the run.
afterAll(async () => {
  if (toasted) await new Promise((resolve) => setTimeout(resolve, 300));
});

// jsdom lacks a few browser APIs Radix and the pages use.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
// jsdom does not scroll (its scrollTo only logs 'Not implemented'); tests that need it stub it.
window.scrollTo = (() => {}) as typeof window.scrollTo;
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
if (!Element.prototype.hasPointerCapture) Element.prototype.hasPointerCapture = () => false;
if (!Element.prototype.releasePointerCapture) Element.prototype.releasePointerCapture = () => {};
if (!Element.prototype.setPointerCapture) Element.prototype.setPointerCapture = () => {};
