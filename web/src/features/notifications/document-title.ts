import { useEffect } from 'react';
import { titleWithCount } from './format';

/**
 * Puts the unread count in front of the document's title ("(3) Airsoft Community"), and keeps it
 * there when a page sets a title of its own (it is put back in front of the new one); taken off at
 * 0 and on unmount (signed out).
 */
export function useCountInTitle(count: number): void {
  useEffect(() => {
    const apply = () => {
      const next = titleWithCount(document.title, count);
      if (next !== document.title) document.title = next;
    };
    apply();
    const observer = typeof MutationObserver === 'undefined' ? null : new MutationObserver(apply);
    observer?.observe(document.head, { subtree: true, childList: true, characterData: true });
    return () => {
      observer?.disconnect();
      document.title = titleWithCount(document.title, 0);
    };
  }, [count]);
}
