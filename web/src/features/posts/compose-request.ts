import { useEffect, useRef } from 'react';

/**
 * Opening the Create New Post dialog from outside the feed (the phone's bottom bar, issue 20).
 * The dialog lives in the feed on /: a request made before it is there (the bar first goes to /)
 * waits until the dialog mounts and takes it.
 */
let pending = false;
const takers = new Set<() => void>();

export function requestCompose() {
  pending = true;
  for (const take of takers) take();
}

/** The dialog's side: `open` runs for a request waiting on mount and for each later one. */
export function useComposeRequests(open: () => void) {
  const latest = useRef(open);
  latest.current = open;
  useEffect(() => {
    const take = () => {
      if (!pending) return;
      pending = false;
      latest.current();
    };
    takers.add(take);
    take();
    return () => {
      takers.delete(take);
    };
  }, []);
}
