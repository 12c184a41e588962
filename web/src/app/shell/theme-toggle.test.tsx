import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initTheme } from '@web/lib/theme';
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
});
