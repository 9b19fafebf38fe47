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
      output: {
        // Everything the landing page needs up front in one chunk: fewer requests and better
        // compression than many small shared chunks. Lazy screens keep their own chunks.
        codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] },
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
