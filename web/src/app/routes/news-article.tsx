import { useLayoutEffect } from 'react';
import { useSection } from '../section';
import { HomePage } from './home';

/**
 * /news/{id}: an article's own address (shareable). The home page on its News section, with the
 * article dialog open over it (the section reads the id from the address).
 */
export function NewsArticlePage() {
  const { section, setSection } = useSection();
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on arrival; the sidebar may switch away later.
  useLayoutEffect(() => {
    if (section !== 'news') setSection('news');
  }, []);
  return <HomePage />;
}
