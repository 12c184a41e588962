import { Button } from '@web/components/ui/button';
import { useTheme } from '@web/lib/theme';
import { Moon, Sun } from 'lucide-react';

/** Light/dark switch (SPEC §4): dark by default, remembered under the key 'theme'. */
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
      {theme === 'dark' ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
    </Button>
  );
}
