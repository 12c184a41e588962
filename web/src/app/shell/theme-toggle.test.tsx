import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initTheme } from '@web/lib/theme';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ThemeToggle } from './theme-toggle';

describe('theme', () => {
  it('is dark by default and the toggle switches to light, remembered under "theme"', async () => {
    initTheme();
    const html = document.documentElement;
    expect(html).toHaveClass('dark');
    expect(html).not.toHaveClass('light');
    render(<ThemeToggle />);
    await userEvent.click(screen.getByRole('button', { name: 'Toggle theme' }));
    expect(html).not.toHaveClass('dark');
    expect(html).toHaveClass('light');
    expect(localStorage.getItem('theme')).toBe('light');
    await userEvent.click(screen.getByRole('button', { name: 'Toggle theme' }));
    expect(html).toHaveClass('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
  });

  it('applies the stored theme at start', () => {
    localStorage.setItem('theme', 'light');
    expect(initTheme()).toBe('light');
    expect(document.documentElement).toHaveClass('light');
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it("sets the browser bar's theme colour to the theme's background", async () => {
    const meta = document.createElement('meta');
    meta.name = 'theme-color';
    document.head.append(meta);
    localStorage.setItem('theme', 'dark');
    initTheme();
    expect(meta.content).toBe('#16180f');
    render(<ThemeToggle />);
    await userEvent.click(screen.getByRole('button', { name: 'Toggle theme' }));
    expect(meta.content).toBe('#fafaf7');
    meta.remove();
  });

  it('ignores a stored value that is not a theme', () => {
    localStorage.setItem('theme', 'purple');
    expect(initTheme()).toBe('dark');
    expect(document.documentElement).toHaveClass('dark');
  });

  // Issue 20: the server cannot know the stored theme; its markup must be the browser's in both.
  it('renders the same markup in both themes, both icons in it, the theme class showing one', () => {
    localStorage.setItem('theme', 'dark');
    initTheme();
    const dark = renderToString(<ThemeToggle />);
    localStorage.setItem('theme', 'light');
    initTheme();
    const light = renderToString(<ThemeToggle />);
    expect(light).toBe(dark);
    expect(dark).toContain('lucide-sun hidden dark:block');
    expect(dark).toContain('lucide-moon dark:hidden');
  });
});
