/**
 * A tap on the server's markup before the app has started (issue 20): `public/boot.js` holds it
 * (the button marked `data-pending`, the tap in `window.__earlyTap`) and main.tsx calls
 * {@link replayEarlyTap} once it has marked the app started.
 */
export interface EarlyTap {
  element: Element;
  /** How to find the control again if React replaced its node: tag, label, rank among the same. */
  tag: string;
  label: string;
  index: number;
}

declare global {
  interface Window {
    __earlyTap?: EarlyTap;
  }
}

/** The control's name as boot.js takes it (the same code: keep the two alike). */
export const tapLabel = (el: Element): string =>
  (el.getAttribute('aria-label') || el.textContent || '').replace(/\s+/g, ' ').trim().slice(0, 200);

/**
 * Whether React handles the node's events: hydration (or a render) gives it React's props. A part
 * of the page whose code is still coming keeps the server's node without them, and React would
 * drop a click on it.
 */
const handledByReact = (el: Element) => Object.keys(el).some((key) => key.startsWith('__reactProps$'));

/** The held control, or the node that replaced it (the same tag, label and rank). */
function find(tap: EarlyTap): Element | undefined {
  if (tap.element.isConnected) return tap.element;
  const same = [...document.getElementsByTagName(tap.tag)].filter((el) => tapLabel(el) === tap.label);
  return same[tap.index];
}

/**
 * Clicks the held control once React handles it (checked every `interval` ms; after `timeout` ms
 * it clicks anyway), unless it is gone or disabled by then. Resolves to whether it clicked. The
 * hydration is a transition: on a slow or busy phone it can take seconds after the app has
 * started, and a click on a node React does not handle yet is lost (a browser test lost one at
 * 5 s on a loaded machine), so it waits up to 15 s.
 */
export function replayEarlyTap({ interval = 25, timeout = 15_000 } = {}): Promise<boolean> {
  const tap = window.__earlyTap;
  if (!tap) return Promise.resolve(false);
  window.__earlyTap = undefined;
  const deadline = Date.now() + timeout;
  return new Promise((resolve) => {
    const attempt = () => {
      const target = find(tap);
      if (target && !handledByReact(target) && Date.now() < deadline) {
        setTimeout(attempt, interval);
        return;
      }
      tap.element.removeAttribute('data-pending');
      target?.removeAttribute('data-pending');
      if (!(target instanceof HTMLElement) || target.matches(':disabled, [aria-disabled="true"]')) {
        resolve(false);
        return;
      }
      target.click();
      resolve(true);
    };
    attempt();
  });
}
