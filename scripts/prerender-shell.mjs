// After `vite build` and `vite build --ssr src/prerender.tsx`: renders /'s first commit with the
// page renderer the SSR build wrote (web/src/prerender.tsx, the app's own components) and puts it
// in index.html's #root, so the header, the hero and the feed's skeletons paint with the CSS,
// before any JavaScript has run (decision 015). main.tsx replaces it with the same markup. On any
// other path web/public/boot.js hides it. The comments around it mark what the server replaces
// with a page of its own render (/, /auth and /profile/{username}, decision 020).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(root, process.env.WEB_DIST ?? path.join('dist', 'web'));
const indexPath = path.join(dist, 'index.html');
const renderer = path.join(`${dist}-ssr`, 'prerender.js');
const ROOT_TAG = '<div id="root"></div>';

if (!existsSync(renderer)) {
  console.error(`prerender-shell: ${renderer} is missing (vite build --ssr src/prerender.tsx)`);
  process.exit(1);
}
const { renderHome } = await import(pathToFileURL(renderer).href);
const markup = await renderHome();

const html = readFileSync(indexPath, 'utf8');
if (!html.includes(ROOT_TAG)) {
  console.error(`prerender-shell: ${ROOT_TAG} not found in ${indexPath}`);
  process.exit(1);
}
// The wrapper lays out nothing of its own (display: contents) and is what boot.js hides.
const prerendered = `<div id="root"><!--page--><div id="prerendered" style="display:contents">${markup}</div><!--/page--></div>`;
writeFileSync(indexPath, html.replace(ROOT_TAG, prerendered));
console.log(
  `prerender-shell: / prerendered into index.html (${(markup.length / 1000).toFixed(1)} KB of markup)`,
);
