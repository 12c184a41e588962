// After `vite build`: prints every JS/CSS asset of dist/web/assets with its raw and gzip size, then
// the JS a first visit loads before it can render (the entry and its static imports, as index.html
// names them), and the same for the /auth page (plus its route chunk). Exits 1 over the budget.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 150;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(root, process.env.WEB_DIST ?? path.join('dist', 'web'));
const assetsDir = path.join(dist, 'assets');

if (!existsSync(path.join(dist, 'index.html'))) {
  console.error('dist/web/index.html is missing: run `vite build` first');
  process.exit(1);
}

const kb = (bytes) => (bytes / 1000).toFixed(1);
const sizes = new Map();
function sizeOf(file) {
  if (!sizes.has(file)) {
    const buf = readFileSync(path.join(dist, file));
    sizes.set(file, { raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length });
  }
  return sizes.get(file);
}

// Every asset.
const assets = readdirSync(assetsDir)
  .filter((name) => /\.(js|css)$/.test(name))
  .map((name) => ({ file: `assets/${name}`, ...sizeOf(`assets/${name}`) }))
  .sort((a, b) => b.gzip - a.gzip);
const width = Math.max(...assets.map((a) => a.file.length));
console.log(`${'asset'.padEnd(width)}  ${'raw KB'.padStart(9)}  ${'gzip KB'.padStart(9)}`);
for (const a of assets)
  console.log(`${a.file.padEnd(width)}  ${kb(a.raw).padStart(9)}  ${kb(a.gzip).padStart(9)}`);

// What index.html loads at once: its module script and the modulepreload links.
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const htmlJs = new Set();
for (const m of html.matchAll(/<script[^>]*type="module"[^>]*src="\/?([^"]+)"/g)) htmlJs.add(m[1]);
for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/?([^"]+)"/g)) htmlJs.add(m[1]);

// The manifest adds each chunk's static imports (the browser fetches them before running it).
const manifestPath = path.join(dist, '.vite', 'manifest.json');
const manifest = existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, 'utf8')) : {};
const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, { key, ...chunk }]));

function staticClosure(files) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const chunk = byFile.get(file);
    for (const key of chunk?.imports ?? []) if (manifest[key]) visit(manifest[key].file);
  };
  for (const file of files) visit(file);
  return seen;
}

const total = (files) =>
  [...files].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + sizeOf(f).gzip, 0);

const initial = staticClosure(htmlJs);
const initialGzip = total(initial);
console.log('');
console.log(`initial JS files: ${[...initial].join(', ')}`);
console.log(`initial JS (gzip): ${kb(initialGzip)} KB`);

// The /auth page also needs its route chunk and that chunk's static imports.
const authKey = Object.keys(manifest).find((key) => /(^|\/)src\/app\/routes\/auth\.tsx$/.test(key));
let authGzip = initialGzip;
if (authKey) {
  const auth = staticClosure([...initial, manifest[authKey].file]);
  authGzip = total(auth);
  console.log(`/auth JS (initial + route chunk, gzip): ${kb(authGzip)} KB`);
} else {
  console.log('/auth route chunk not found in the manifest');
}

let failed = false;
if (initialGzip > BUDGET_KB * 1000) {
  console.error(`initial JS is over the ${BUDGET_KB} KB budget`);
  failed = true;
}
if (authGzip > BUDGET_KB * 1000) {
  console.error(`/auth JS is over the ${BUDGET_KB} KB budget`);
  failed = true;
}
process.exit(failed ? 1 : 0);
