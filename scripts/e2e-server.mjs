// The server the browser tests run against: a fresh embedded database in a temporary DATA_DIR,
// demo content seeded, limits lifted (the tests act as many players from one address).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDist = path.resolve(root, process.env.WEB_DIST ?? path.join('dist', 'web'));
if (!existsSync(path.join(webDist, 'index.html'))) {
  console.error(`${webDist} is missing: run \`npm run build\` first`);
  process.exit(1);
}
const dataDir = mkdtempSync(path.join(tmpdir(), 'airsoft-e2e-'));
const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    // The browser tests sign in as the demo admin with the published password (NODE_ENV=production
    // would give it a random one).
    DEMO_ADMIN_PASSWORD: 'airsoft-demo-2026',
    RATE_LIMITS: 'off',
    // The browser tests rate with accounts made a moment before: their ratings count at once.
    RATING_TRUST_HOURS: '0',
    // The image proxy may fetch from this machine (tests paste the server's own addresses).
    IMPORT_ALLOW_PRIVATE: '1',
    ADMIN_USERNAMES: 'admin,e2e_admin',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
  },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
