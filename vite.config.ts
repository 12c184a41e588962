import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = import.meta.dirname;
const api = 'http://localhost:5000';

export default defineConfig({
  root: path.resolve(root, 'web'),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@contract': path.resolve(root, 'contract'),
      '@web': path.resolve(root, 'web/src'),
    },
  },
  build: {
    outDir: path.resolve(root, process.env.WEB_DIST ?? 'dist/web'),
    emptyOutDir: true,
    // scripts/print-bundle-sizes.mjs reads the manifest to work out what each page loads first.
    manifest: true,
    sourcemap: false,
    target: 'es2022',
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/objects': { target: api, changeOrigin: false },
    },
  },
});
