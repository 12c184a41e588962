import { Button } from '@web/components/ui/button';
import { useTheme } from '@web/lib/theme';
import { Moon, Sun } from 'lucide-react';

/**
 * Light/dark switch (SPEC §4): dark by default, remembered under the key 'theme'. Both icons are in
 * the markup and the theme's class on <html> shows one: the server's render is the same in both
 * themes, and the right icon shows from the first paint.
 */
export function ThemeToggle() {
  const { theme, toggleTheme } = useTheme();
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label="Toggle theme"
      title={theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
      onClick={toggleTheme}
    >
      <Sun aria-hidden="true" className="hidden dark:block" />
      <Moon aria-hidden="true" className="dark:hidden" />
    </Button>
  );
}
