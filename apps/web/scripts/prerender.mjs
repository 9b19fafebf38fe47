// Prerenders the signed-out first screens (`/`, `/login`) in each language after `vite build`:
// Vite's SSR build of src/app/prerender.tsx, React's `prerender`, and the built index.html as the
// page around them, with the small src/first-screen.ts as its only script (no React runs there). Writes dist/.prerendered/<language>/<page>.html (and .br, .gz); the API sends the one of the
// visitor's `appLanguage` cookie (apps/api/src/http/web.ts). docs/decisions.md: "The first screen
// is prerendered at build time".
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { criticalCss } from './critical-css.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
const ssrOut = path.join(root, 'node_modules/.prerender');

await build({
  configFile: false,
  root,
  logLevel: 'warn',
  plugins: [react()],
  build: { ssr: 'src/app/prerender.tsx', outDir: ssrOut, emptyOutDir: true, target: 'node22' },
});
const { renderPage, PRERENDERED_PAGES } = await import(pathToFileURL(path.join(ssrOut, 'prerender.js')).href);

// index.html's comments are about the shell: the prerendered pages go without them.
const template = readFileSync(path.join(dist, 'index.html'), 'utf8').replace(/<!--[\s\S]*?-->\s*/g, '');
const ROOT = /<div id="root">[\s\S]*?<\/div>/;
if (!ROOT.test(template)) throw new Error('dist/index.html has no <div id="root">…</div> to fill');

// The stylesheets of the lazily loaded modules a page shows, and of what they import.
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const stylesheets = (modules) => {
  const seen = new Set();
  const css = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    if (!manifest[key]) throw new Error(`${key} is not in the build's manifest`);
    seen.add(key);
    for (const file of manifest[key].css ?? []) css.add(file);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  for (const key of modules) visit(key);
  return [...css]
    .filter((file) => !template.includes(`"/${file}"`))
    .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`)
    .join('');
};

// The pages run no React: in place of the app's scripts, the first screens' own (src/first-screen.ts;
// docs/decisions.md "The first screen runs no React"), with its static imports preloaded. The app's
// stylesheet stays: the markup is the app's.
const firstScreen = manifest['src/first-screen.ts'];
if (!firstScreen) throw new Error('The build has no src/first-screen.ts entry');
const firstScreenScripts = [
  `<script type="module" crossorigin src="/${firstScreen.file}"></script>`,
  ...(firstScreen.imports ?? []).map(
    (key) => `<link rel="modulepreload" crossorigin href="/${manifest[key].file}">`,
  ),
].join('');
const withFirstScreenScripts = (page) => {
  const without = page
    .replace(/<script\b[^>]*><\/script>\s*/g, '')
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '');
  return without.replace('</head>', () => `${firstScreenScripts}</head>`);
};

// The stylesheets wait for no one: the rules the page uses go inline where the first stylesheet
// was (scripts/critical-css.mjs), and the whole stylesheets follow as `media="print"`, which a
// browser fetches at low priority without holding up the first paint; src/first-screen.ts applies
// them once loaded (the contact form needs them). docs/decisions.md: "The first screens' CSS is inline".
const STYLESHEET = /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g;
const withCriticalCss = (page) => {
  const files = [...page.matchAll(STYLESHEET)].map((m) => m[1]);
  if (files.length === 0) throw new Error('A prerendered page has no stylesheet');
  // One pass over them all, in their order: a rule of one reads the custom properties of another.
  const css = criticalCss(page, files.map((file) => readFileSync(path.join(dist, file), 'utf8')).join('\n'));
  if (/<\/style/i.test(css)) throw new Error('The inline CSS would end its <style> early');
  const deferred = files
    .map((file) => `<link rel="stylesheet" crossorigin href="/${file}" media="print" data-app-stylesheet>`)
    .join('');
  let first = true;
  return page.replace(STYLESHEET, () => {
    if (!first) return '';
    first = false;
    return `<style data-critical-css>${css}</style>${deferred}`;
  });
};

const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

for (const language of ['uz', 'ru', 'en']) {
  mkdirSync(path.join(dist, '.prerendered', language), { recursive: true });
  for (const [pagePath, { file, lazy }] of Object.entries(PRERENDERED_PAGES)) {
    const { html, title } = await renderPage(language, pagePath);
    const drawn = withFirstScreenScripts(template)
      // Mantine sets the colour scheme's attribute when it mounts; the first paint needs it already.
      .replace(/<html lang="[a-z]+">/, `<html lang="${language}" data-mantine-color-scheme="light">`)
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
      .replace('</head>', () => `${stylesheets(lazy)}</head>`)
      // The page reads without JavaScript: the "needs JavaScript" line is for the empty shell only.
      .replace(/<noscript>[\s\S]*?<\/noscript>\s*/, '')
      .replace(ROOT, () => `<div id="root" data-prerendered="${language}">${html}</div>`);
    const page = withCriticalCss(drawn);
    const target = path.join(dist, '.prerendered', language, file);
    writeFileSync(target, page);
    // Twins like the other built files' (scripts/precompress.ts): the server compresses nothing.
    writeFileSync(`${target}.gz`, gzipSync(page, { level: 9 }));
    writeFileSync(
      `${target}.br`,
      brotliCompressSync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
  }
}
rmSync(ssrOut, { recursive: true, force: true });
console.log('Prerendered / and /login in uz, ru, en (dist/.prerendered).');
