// After `vite build`: writes a brotli (.br) and a gzip (.gz) copy beside every text asset of the
// built web app, so the server sends them as they are (@fastify/static `preCompressed`) instead of
// compressing on every request. Copies that would not be smaller are not written.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(root, process.env.WEB_DIST ?? path.join('dist', 'web'));
const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(p);
    else yield p;
  }
}

let count = 0;
for (const file of files(dist)) {
  if (!TEXT.test(file) || statSync(file).size < 512) continue;
  const raw = readFileSync(file);
  const br = brotliCompressSync(raw, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  });
  const gz = gzipSync(raw, { level: 9 });
  if (br.length < raw.length) writeFileSync(`${file}.br`, br);
  if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
  count++;
}
console.log(`compressed copies (brotli, gzip) written for ${count} files`);
