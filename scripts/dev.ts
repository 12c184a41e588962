// `npm run dev`: the API with reload on port 5000 and Vite with hot reload on 5173 (proxying /api).
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', 'server/main.ts'], {
    stdio: 'inherit',
    // One process: a reload restarts one server, not a primary and its workers.
    env: { SEED_DEMO: '1', WEB_CONCURRENCY: '1', ...process.env, PORT: process.env.PORT ?? '5000' },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
];
for (const sig of ['SIGINT', 'SIGTERM'] as const)
  process.on(sig, () => {
    for (const c of children) c.kill(sig);
    process.exit(0);
  });
