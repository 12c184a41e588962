// Runs before the first paint, as a script of its own (the CSP allows no inline script): puts the
// stored theme on <html> (lib/theme.ts does the same once the app runs), and hides index.html's
// prerendered markup of / on any other path (scripts/prerender-shell.mjs) until the app renders.
(() => {
  const root = document.documentElement;
  try {
    const theme = localStorage.getItem('theme');
    if (theme === 'light' || theme === 'dark') {
      root.classList.toggle('dark', theme === 'dark');
      root.classList.toggle('light', theme === 'light');
      root.style.colorScheme = theme;
    }
  } catch {}
  if (location.pathname !== '/') root.setAttribute('data-other-page', '');
})();
