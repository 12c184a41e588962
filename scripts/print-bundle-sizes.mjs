// After `vite build`: prints every JS/CSS asset with its raw, gzip and brotli size, then the
// JavaScript each entry page loads before its first paint: index.html's module script and
// modulepreloads, their static imports, and the route chunks that page renders first (the auth
// page for /; the shell and home page of / are in the entry's file, decision 018). Exits 1 when
// / is over the budget (issue 9: 100 KB of brotli-compressed JavaScript). BUNDLE_BUDGET_KB
// overrides it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// The goal is 100 KB (issue 9), and the budget is the goal. React and react-dom alone are 58 KB of
// it, react-router 12.4 and TanStack Query 9 (decisions 013, 015 and 018).
const GOAL_KB = 100;
const BUDGET_KB = Number(process.env.BUNDLE_BUDGET_KB ?? 100);
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
    sizes.set(file, {
      raw: buf.length,
      gzip: gzipSync(buf, { level: 9 }).length,
      br: brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    });
  }
  return sizes.get(file);
}

const assets = readdirSync(assetsDir)
  .filter((name) => /\.(js|css)$/.test(name))
  .map((name) => ({ file: `assets/${name}`, ...sizeOf(`assets/${name}`) }))
  .sort((a, b) => b.br - a.br);
const width = Math.max(...assets.map((a) => a.file.length));
console.log(
  `${'asset'.padEnd(width)}  ${'raw KB'.padStart(8)}  ${'gzip KB'.padStart(8)}  ${'br KB'.padStart(8)}`,
);
for (const a of assets)
  console.log(
    `${a.file.padEnd(width)}  ${kb(a.raw).padStart(8)}  ${kb(a.gzip).padStart(8)}  ${kb(a.br).padStart(8)}`,
  );

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
const chunkOf = (pattern) => {
  const key = Object.keys(manifest).find((k) => pattern.test(k));
  return key ? manifest[key].file : null;
};
const js = (files) => [...files].filter((f) => f.endsWith('.js'));
const total = (files, kind) => js(files).reduce((sum, f) => sum + sizeOf(f)[kind], 0);

const initial = staticClosure(htmlJs);
const pages = [
  // The shell and the home page are static imports of the router: in the entry's file.
  ['/', []],
  ['/auth', [/src\/app\/routes\/auth\.tsx$/]],
];
console.log('');
console.log(`entry JS: ${js(initial).join(', ')}`);
let failed = false;
for (const [page, patterns] of pages) {
  const routeChunks = patterns.map(chunkOf);
  if (routeChunks.some((c) => !c)) {
    console.log(`${page}: route chunk not found in the manifest`);
    continue;
  }
  const files = staticClosure([...initial, ...routeChunks]);
  const br = total(files, 'br');
  console.log(
    `${page.padEnd(6)} JS before first paint: ${kb(br)} KB brotli, ${kb(total(files, 'gzip'))} KB gzip, ${kb(total(files, 'raw'))} KB raw (${js(files).length} files)`,
  );
  if (page === '/') {
    console.log(
      `       budget ${BUDGET_KB} KB (goal ${GOAL_KB} KB): ${br > BUDGET_KB * 1000 ? 'OVER' : 'within'}`,
    );
    if (br > BUDGET_KB * 1000) {
      console.error(`/ is over the budget of ${BUDGET_KB} KB of brotli-compressed JavaScript`);
      failed = true;
    }
  }
}
process.exit(failed ? 1 : 0);
