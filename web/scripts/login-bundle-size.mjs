// Prints the size on the wire of the JavaScript (and CSS) the browser loads to show /login: the
// entry chunk, the plain layout and the login route, with everything they import statically.
// What the server sends is the `.br` file the build wrote next to each asset (scripts/compress.mjs),
// so that is what is measured (gzip, for browsers without brotli, is shown beside it).
// Reads dist/.vite/manifest.json, so run `npm run build` first. Exits 1 above the budget.
import { existsSync, readFileSync } from 'node:fs';

const BUDGET_KB = 150;
const ROUTE_MODULES = ['src/app/layouts/plain-layout.tsx', 'src/app/routes/login.tsx'];

const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8'));
const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entry) throw new Error('no entry in the manifest');

const seen = new Set();
const files = new Set();
const css = new Set();
function visit(key) {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`not in the manifest: ${key}`);
  files.add(chunk.file);
  for (const file of chunk.css ?? []) css.add(file);
  for (const next of chunk.imports ?? []) visit(next);
}
visit(entry);
for (const module of ROUTE_MODULES) visit(module);

/** Bytes sent for `file` with the given encoding (the precompressed file, or the file itself). */
function sent(file, extension) {
  const path = `dist/${file}.${extension}`;
  return readFileSync(existsSync(path) ? path : `dist/${file}`).length;
}
const kb = (bytes) => (bytes / 1024).toFixed(1);
let total = 0;
let totalGzip = 0;
for (const file of [...files].sort()) {
  const size = sent(file, 'br');
  total += size;
  totalGzip += sent(file, 'gz');
  console.log(`${kb(size).padStart(7)} KB  ${file}`);
}
const cssTotal = [...css].reduce((sum, file) => sum + sent(file, 'br'), 0);
console.log(
  `JS for /login: ${kb(total)} KB brotli (budget ${BUDGET_KB} KB; ${kb(totalGzip)} KB gzip); CSS: ${kb(cssTotal)} KB brotli`,
);
if (total / 1024 > BUDGET_KB) process.exitCode = 1;
