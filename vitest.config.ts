import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const alias = {
  '@contract': path.resolve(import.meta.dirname, 'contract'),
  '@web': path.resolve(import.meta.dirname, 'web/src'),
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
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'contract/**/*.test.ts', 'scripts/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // One migrated database for every file to copy (decision 032).
          globalSetup: ['server/test/global-setup.ts'],
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
