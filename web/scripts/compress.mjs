// Writes `name.br` and `name.gz` next to every compressible file of dist/ (JavaScript, CSS, HTML,
// SVG, JSON, source maps excluded): the server sends them as they are to browsers that accept
// them (server/src/http/web.rs), so nothing is compressed per request and the best (slowest)
// levels are affordable here, once per build. Files under 1 KB are left alone.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '.vite') yield* files(path);
    } else if (COMPRESSIBLE.test(entry.name) && statSync(path).size >= 1024) {
      yield path;
    }
  }
}

let plain = 0;
let brotli = 0;
let count = 0;
for (const path of files('dist')) {
  const body = readFileSync(path);
  const br = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  writeFileSync(`${path}.br`, br);
  writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
  plain += body.length;
  brotli += br.length;
  count += 1;
}
console.log(`compressed ${count} files: ${(plain / 1024).toFixed(0)} KB → ${(brotli / 1024).toFixed(0)} KB brotli`);
