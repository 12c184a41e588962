// `npm start`: builds the web app when it is missing or older than its sources, then serves
// web and API on http://localhost:$PORT with demo content on a fresh database (SEED_DEMO=1).
// On PostgreSQL server/main.ts is a primary with one worker per core (WEB_CONCURRENCY; decision 025).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'dist', 'web', 'index.html');

function newest(dir) {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const sources = Math.max(newest(path.join(root, 'web')), newest(path.join(root, 'contract')));
// The server's page renderer (decision 020) is part of the build too.
const renderer = path.join(root, 'dist', 'web-ssr', 'prerender.js');
if (!existsSync(built) || !existsSync(renderer) || statSync(built).mtimeMs < sources) {
  console.log('Building the web app...');
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', SEED_DEMO: '1', ...process.env },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
