import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), precompress()],
  base: '/',
  build: {
    // scripts/report-size.mjs reads the manifest to measure the landing page's initial JavaScript.
    manifest: true,
    target: 'es2022',
    // Below this size Vite inlines assets as data: URLs; keep the favicon and logos as files.
    assetsInlineLimit: 0,
    rolldownOptions: {
      // The app (index.html), and the prerendered first screens' own small script, which loads no
      // part of the app's initial chunk (scripts/prerender.mjs puts it in their pages).
      input: { index: 'index.html', 'first-screen': 'src/first-screen.ts' },
      output: {
        // Everything the landing page needs up front in one chunk: fewer requests and better
        // compression than many small shared chunks. Lazy screens keep their own chunks.
        // The entries' own modules stay out of it: the first screens' script (alone, a few
        // kilobytes) and the app's start (main.tsx), which must not run when the first screens'
        // contact form loads this chunk. So does Vite's preloading helper, which the first
        // screens' script shares with the app: a chunk of its own.
        codeSplitting: {
          groups: [
            { name: 'preload-helper', test: /vite\/preload-helper/, priority: 2 },
            {
              name: 'initial',
              tags: ['$initial'],
              test: (id) => !/\/(index\.html|src\/main\.tsx|src\/first-screen\.ts)$/.test(id),
              priority: 1,
            },
          ],
        },
      },
      treeshake: {
        // packages/shared is pure (schemas and constants): importing one constant from its index must
        // not drag every schema and zod into the landing page's entry chunk.
        moduleSideEffects: (id) => (id.includes('/packages/shared/src/') ? false : undefined),
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      // The API and the notification hub (socket.io: long polling and WebSocket) live under /api.
      '/api': { target: apiTarget, changeOrigin: false, ws: true },
    },
  },
});
