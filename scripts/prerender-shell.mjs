// After `vite build`: renders /'s first commit (web/src/prerender.tsx, the app's own components
// through Vite's SSR loader) and puts it in index.html's #root, so the header, the hero and the
// feed's skeletons paint with the CSS, before any JavaScript has run (decision 015). main.tsx
// replaces it with the same markup. On any other path web/public/boot.js hides it.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(root, process.env.WEB_DIST ?? path.join('dist', 'web'));
const indexPath = path.join(dist, 'index.html');
const ROOT_TAG = '<div id="root"></div>';

const vite = await createServer({
  configFile: path.join(root, 'vite.config.ts'),
  server: { middlewareMode: true, hmr: false, ws: false },
  appType: 'custom',
  logLevel: 'error',
});
let markup;
try {
  const { renderHome } = await vite.ssrLoadModule('/src/prerender.tsx');
  markup = await renderHome();
} finally {
  await vite.close();
}

const html = readFileSync(indexPath, 'utf8');
if (!html.includes(ROOT_TAG)) {
  console.error(`prerender-shell: ${ROOT_TAG} not found in ${indexPath}`);
  process.exit(1);
}
// The wrapper lays out nothing of its own (display: contents) and is what boot.js hides.
const prerendered = `<div id="root"><div id="prerendered" style="display:contents">${markup}</div></div>`;
writeFileSync(indexPath, html.replace(ROOT_TAG, prerendered));
console.log(
  `prerender-shell: / prerendered into index.html (${(markup.length / 1000).toFixed(1)} KB of markup)`,
);
