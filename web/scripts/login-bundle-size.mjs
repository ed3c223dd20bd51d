// Prints the gzip size of the JavaScript (and CSS) the browser loads to show /login: the entry
// chunk, the plain layout and the login route, with everything they import statically.
// Reads dist/.vite/manifest.json, so run `npm run build` first. Exits 1 above the budget.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

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

const gzip = (file) => gzipSync(readFileSync(`dist/${file}`), { level: 9 }).length;
let total = 0;
for (const file of [...files].sort()) {
  const size = gzip(file);
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
const cssTotal = [...css].reduce((sum, file) => sum + gzip(file), 0);
console.log(`JS for /login: ${(total / 1024).toFixed(1)} KB gzip (budget ${BUDGET_KB} KB); CSS: ${(cssTotal / 1024).toFixed(1)} KB gzip`);
if (total / 1024 > BUDGET_KB) process.exitCode = 1;
