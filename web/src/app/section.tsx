import { SECTION_SWITCH_DELAY_MS } from '@web/lib/constants';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useLocation, useNavigate } from 'react-router';

import type { Section } from './sections';

/** The home page's current section (SPEC §2); the sections themselves are listed in ./sections. */
export type { Section };

interface SectionState {
  section: Section;
  setSection: (section: Section) => void;
}

const SectionContext = createContext<SectionState | null>(null);

export function SectionProvider({ children, initial = 'feed' }: { children: ReactNode; initial?: Section }) {
  const [section, setSection] = useState<Section>(initial);
  const value = useMemo(() => ({ section, setSection }), [section]);
  return <SectionContext.Provider value={value}>{children}</SectionContext.Provider>;
}

export function useSection(): SectionState {
  const state = useContext(SectionContext);
  if (!state) throw new Error('useSection needs a SectionProvider');
  return state;
}

/**
 * Switches the home section. On another route it first goes to / and switches the section
 * SECTION_SWITCH_DELAY_MS (100 ms) later (SPEC §2 sidebar).
 */
export function useSwitchSection(): (section: Section) => void {
  const { setSection } = useSection();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(
    (section: Section) => {
      clearTimeout(timer.current);
      if (pathname === '/') {
        setSection(section);
        return;
      }
      navigate('/');
      timer.current = setTimeout(() => setSection(section), SECTION_SWITCH_DELAY_MS);
    },
    [pathname, navigate, setSection],
  );
}
