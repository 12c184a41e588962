import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const alias = {
  '@contract': path.resolve(import.meta.dirname, 'contract'),
  '@web': path.resolve(import.meta.dirname, 'web/src'),
};

const SERVER_TESTS = ['server/**/*.test.ts', 'contract/**/*.test.ts', 'scripts/**/*.test.ts'];
const server = {
  environment: 'node' as const,
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks' as const,
  // One migrated database for every file to copy (decision 032).
  globalSetup: ['server/test/global-setup.ts'],
};

export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one worker (cores - 1): test files then ran one at a
    // time and half the machine idled while each file imported the server (CI took 25 of its
    // minutes in the unit stages). Two at a time.
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: {
          ...server,
          name: 'server',
          include: SERVER_TESTS,
          // A worker imports the server once for all the files it runs, not once per file: the
          // import took 5 of a file's 7 s (decision 036). Each file still opens its own app and
          // database; none replaces a module with vi.mock (it would leak into the worker's other files).
          isolate: false,
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/**/*.test.{ts,tsx}'],
          setupFiles: ['web/src/test/setup.ts'],
          testTimeout: 15_000,
        },
      },
    ],
  },
});
