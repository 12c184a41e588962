import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';
import { contractValues } from './scripts/vite-contract-values';

const root = import.meta.dirname;
const api = 'http://localhost:5000';
const web = path.resolve(root, 'web');

/**
 * The route modules that the first paint of / renders: the chunks that hold them (today the
 * entry's own file, decision 018) and their imports are preloaded by index.html.
 */
const FIRST_PAINT_ROUTES = [
  path.join(web, 'src/app/shell/app-shell.tsx'),
  path.join(web, 'src/app/routes/home.tsx'),
];

/**
 * index.html gets a modulepreload link for the chunks of / (the shell and the home page, with
 * their static imports), so the browser fetches them beside the entry instead of after running it.
 */
function preloadFirstPaint(modules: string[]): Plugin {
  return {
    name: 'preload-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = new Map<string, string[]>();
        const roots = new Set<string>();
        const found = new Set<string>();
        for (const out of Object.values(bundle)) {
          if (out.type !== 'chunk') continue;
          chunks.set(out.fileName, out.imports);
          for (const m of modules)
            if (out.facadeModuleId === m || out.moduleIds.includes(m)) {
              roots.add(out.fileName);
              found.add(m);
            }
        }
        if (found.size < modules.length)
          throw new Error(`preload-first-paint: a route chunk is missing (${modules.join(', ')})`);
        const files = new Set<string>();
        const visit = (file: string) => {
          if (files.has(file)) return;
          files.add(file);
          for (const dep of chunks.get(file) ?? []) visit(dep);
        };
        for (const file of roots) visit(file);
        const tags: HtmlTagDescriptor[] = [...files]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head',
          }));
        return { html, tags };
      },
    },
  };
}

/** The browser's build, and beside it the server's render of pages (decision 020). */
const webOut = path.resolve(root, process.env.WEB_DIST ?? 'dist/web');
const ssrOutDir = (webDist: string) => `${webDist}-ssr`;

export default defineConfig(({ isSsrBuild }) => ({
  root: web,
  plugins: [
    react(),
    tailwindcss(),
    // Pages that read only the contract's texts and constants do not load zod and the schemas.
    contractValues(path.resolve(root, 'contract'), web),
    preloadFirstPaint(FIRST_PAINT_ROUTES),
  ],
  resolve: {
    alias: {
      '@contract': path.resolve(root, 'contract'),
      '@web': path.resolve(root, 'web/src'),
    },
  },
  // `vite build --ssr src/prerender.tsx` (npm run build): the page renderer that the build uses for
  // index.html's markup of / and the server for /, /auth and /profile/{username}. Self-contained (every
  // package bundled in), so it runs from wherever the build is written.
  ssr: isSsrBuild ? { noExternal: true } : undefined,
  build: isSsrBuild
    ? { outDir: ssrOutDir(webOut), emptyOutDir: true, sourcemap: false, target: 'node20' }
    : {
        outDir: webOut,
        emptyOutDir: true,
        // scripts/print-bundle-sizes.mjs reads the manifest to work out what each page loads first.
        manifest: true,
        sourcemap: false,
        target: 'es2022',
        // Every browser the app supports has modulepreload: no polyfill in the entry.
        modulePreload: { polyfill: false },
        rolldownOptions: {
          output: {
            // Everything the entry imports statically (React, the router, the query client, the shell
            // and the home page) goes in one file with it, instead of the ~20 small shared chunks the
            // bundler would make of what lazy pages use too: each of those repeated hashed file names
            // in its imports and compressed on its own (decision 018: 104.3 KB of brotli in 23 files
            // before, 95.0 KB in 2 after).
            codeSplitting: { groups: [{ name: 'first', tags: ['$initial'] }] },
            // The entry names about 150 lazy chunks (its import map): a name's hash is random to
            // brotli, 7 characters (the fewest the bundler takes) instead of 8 save
            // about 0.1 KB of the first load's brotli (decision 038).
            chunkFileNames: 'assets/[name]-[hash:7].js',
          },
        },
      },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/objects': { target: api, changeOrigin: false },
    },
  },
}));
