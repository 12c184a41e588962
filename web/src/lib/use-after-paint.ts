import { startTransition, useEffect, useState } from 'react';

/**
 * False until the browser has painted once after `when` became true, then true (set in a
 * transition): a page renders what is below the fold in a second commit, so its first commit,
 * the one that paints the top, stays small (decision 018's addendum: the profile's gear, badges
 * and posts after the first few).
 */
export function useAfterPaint(when = true): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready || !when) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const go = () => {
      // A task after the frame: the paint of the frame has happened by then.
      timer = setTimeout(() => startTransition(() => setReady(true)), 0);
    };
    const frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(go) : null;
    if (frame === null) go();
    return () => {
      if (frame !== null) cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready, when]);
  return ready;
}
