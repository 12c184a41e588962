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

  // No tap lost (issue 20): the server's markup shows buttons before the app handles them. Until
  // main.tsx marks the app started (data-app on <html>), a click on a button (a tap, or Enter or
  // Space on a focused one: the browser makes those a click) is held: marked data-pending (styles.css
  // shows it busy), remembered in window.__earlyTap, and clicked again by lib/early-clicks.ts once
  // React handles it. Only the last one is kept. Links are left to the browser (they work without
  // the app); a form is not sent by the browser before the app can send it.
  const started = () => root.dataset.app === 'started';
  // The same as early-clicks.ts's `tapLabel`: how the control is found again if React replaced it.
  const label = (el) =>
    (el.getAttribute('aria-label') || el.textContent || '').replace(/\s+/g, ' ').trim().slice(0, 200);
  document.addEventListener(
    'click',
    (event) => {
      if (started() || !(event.target instanceof Element)) return;
      const control = event.target.closest('button, [role="button"], [role="tab"], [role="switch"]');
      if (!control || control.matches(':disabled, [aria-disabled="true"]')) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      const last = window.__earlyTap;
      if (last) last.element.removeAttribute('data-pending');
      control.setAttribute('data-pending', '');
      const text = label(control);
      const same = [...document.getElementsByTagName(control.tagName)].filter((el) => label(el) === text);
      window.__earlyTap = {
        element: control,
        tag: control.tagName,
        label: text,
        index: same.indexOf(control),
      };
    },
    true,
  );
  document.addEventListener(
    'submit',
    (event) => {
      if (!started()) event.preventDefault();
    },
    true,
  );
})();
