// Prints the gzip size of the JavaScript the landing page `/` loads up front (what the page the
// server sends a signed-out visitor, dist/.prerendered/uz/index.html, names as a script or a
// module preload, and everything those import statically) and fails the build above the budget
// (issue 20 item 7: 100 KB gzip).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 100 * 1000;
const dist = path.resolve(import.meta.dirname, '../dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

// What the prerendered `/` loads (module scripts, modulepreloads, stylesheets), plus their static
// imports. Written by scripts/prerender.mjs, which runs before this.
const html = readFileSync(path.join(dist, '.prerendered/uz/index.html'), 'utf8');
// The app's whole stylesheets are named `media="print"` (fetched later, holding up nothing): not
// initial, and the CSS the first paint waits for is the page's inline <style>.
const deferred = /\bmedia="print"/;
const referenced = [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="\/([^"]+\.(?:js|css))"[^>]*>/g)]
  .filter((m) => !deferred.test(m[0]))
  .map((m) => m[1]);
const inlineCss = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('');
const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));

const seen = new Set();
const files = new Set();
const visit = (key) => {
  if (seen.has(key)) return;
  seen.add(key);
  files.add(manifest[key].file);
  for (const css of manifest[key].css ?? []) files.add(css);
  for (const dep of manifest[key].imports ?? []) visit(dep);
};
for (const file of referenced) {
  files.add(file);
  const key = byFile.get(file);
  if (key) visit(key);
}
if (![...files].some((f) => f.endsWith('.js'))) throw new Error('The prerendered / loads no JavaScript?');

const gzipSize = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const rows = [...files]
  .filter((f) => f.endsWith('.js'))
  .map((file) => {
    const bytes = readFileSync(path.join(dist, file));
    return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  });
const cssGzip = [...files].filter((f) => f.endsWith('.css')).reduce((sum, f) => sum + gzipSize(f), 0);
const total = rows.reduce((sum, r) => sum + r.gzip, 0);
const kb = (n) => `${(n / 1000).toFixed(1)} kB`;

console.log('\nLanding page initial JavaScript (gzip):');
for (const r of rows.sort((a, b) => b.gzip - a.gzip))
  console.log(`  ${r.file.padEnd(48)} ${kb(r.gzip).padStart(9)}`);
console.log(`  ${'total'.padEnd(48)} ${kb(total).padStart(9)}  (budget ${kb(BUDGET_BYTES)})`);
console.log(
  `  render-blocking CSS (gzip): ${kb(cssGzip)} in stylesheets, ${kb(gzipSync(inlineCss, { level: 9 }).length)} in <style> elements of the HTML\n`,
);
// The first paint waits for no stylesheet file (scripts/prerender.mjs; issue 20's LCP goal).
if (cssGzip > 0) {
  console.error(
    'The prerendered / waits for a stylesheet file: its CSS should be inline (scripts/critical-css.mjs).',
  );
  process.exit(1);
}
if (total > BUDGET_BYTES) {
  console.error(
    `The landing page's initial JavaScript is ${kb(total)} gzip, over the ${kb(BUDGET_BYTES)} budget.`,
  );
  process.exit(1);
}
