import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineProject } from 'vitest/config';

/** `import { IconA, IconB as B } from '@tabler/icons-react'`, after TypeScript is stripped. */
const TABLER_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']@tabler\/icons-react["'];?/g;

/**
 * Each icon from its own module in the web tests. The package has no `exports` map, so Node loads its
 * `main`: one 3.6 MB CommonJS file of all 6,288 icons, parsed again in every test file (about 1 s each).
 * The build tree-shakes the same imports; the rewrite stays on the import's line (stack traces keep
 * their line numbers).
 */
function tablerIconsOneByOne(): Plugin {
  return {
    name: 'tabler-icons-one-by-one',
    enforce: 'post',
    transform(code, id) {
      if (id.includes('/node_modules/') || !code.includes('@tabler/icons-react')) return null;
      return code.replace(TABLER_IMPORT, (_, names: string) =>
        names
          .split(',')
          .map((spec) => spec.trim())
          .filter(Boolean)
          .map((spec) => {
            const [name, local = name] = spec.split(/\s+as\s+/);
            return `import ${local} from '@tabler/icons-react/dist/esm/icons/${name}.mjs';`;
          })
          .join(' '),
      );
    },
  };
}

export default defineProject({
  plugins: [react(), tablerIconsOneByOne()],
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // Each file has its own jsdom and module graph (vitest's default). `isolate: false` (one window
    // per worker) was tried in session 9 and reverted: a request a file left pending answered after
    // the file ended and put an error notification into the next file's screen (docs/decisions.md
    // "The web tests share a window per worker"). src/test/setup.ts still resets per file.
    testTimeout: 15_000,
    // Mantine pre-bundled into one module (vitest's deps optimizer, built once per run): loaded as it
    // is published, @mantine/core is about 700 ESM files that every test file imports again (1.3 s
    // of each file's import quiet, 5 s at load 23; 0.5 s pre-bundled). React and react-dom stay the
    // app's own single copies (react is external to the bundle; react-dom is kept out by name); every
    // package that imports Mantine is in the list, or it would load a second Mantine of its own.
    deps: {
      optimizer: {
        client: {
          enabled: true,
          include: [
            '@mantine/core',
            '@mantine/hooks',
            '@mantine/notifications',
            '@mantine/form',
            'mantine-datatable',
          ],
          exclude: ['react-dom'],
        },
      },
    },
  },
});
