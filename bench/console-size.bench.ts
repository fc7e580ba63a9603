// The web console's JavaScript as a browser downloads it: the first load (the entry script and the
// modules index.html preloads) and everything (with the 3D view's three.js and the chart, loaded on
// first use), raw, gzip (level 9) and brotli (quality 11). Sizes are deterministic for one build:
// one measurement each, no repetitions. Goal (issue 14): first load under 300 kB compressed.
// Usage: npm run build:console && node_modules/.bin/node bench/console-size.bench.ts
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = resolve(import.meta.dirname, '..', 'console', 'dist');
const FIRST_LOAD_LIMIT_BYTES = 300_000;

if (!existsSync(join(dist, 'index.html'))) {
  process.stderr.write('console-size: console/dist is missing; run npm run build:console first\n');
  process.exit(1);
}

interface Sizes { raw: number; gzip: number; brotli: number }
function sizesOf(path: string): Sizes {
  const bytes = readFileSync(path);
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}
const add = (a: Sizes, b: Sizes): Sizes => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli });
const zero: Sizes = { raw: 0, gzip: 0, brotli: 0 };
const kb = (bytes: number): string => `${(bytes / 1000).toFixed(1)} kB`;

const html = readFileSync(join(dist, 'index.html'), 'utf8');
// What the page itself asks for: <script type="module" src> and <link rel="modulepreload" href>.
const firstLoad = [
  ...[...html.matchAll(/<script[^>]*\ssrc="([^"]+\.js)"/g)].map((match) => match[1]),
  ...[...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g)].map((match) => match[1]),
].map((href) => join(dist, href.replace(/^\/console\//, '')));
const allScripts = readdirSync(join(dist, 'assets')).filter((name) => name.endsWith('.js')).map((name) => join(dist, 'assets', name));

const rows: [string, Sizes][] = [];
for (const path of allScripts) rows.push([`${firstLoad.includes(path) ? 'first load' : 'on demand '}  ${path.slice(dist.length + 1)}`, sizesOf(path)]);
const first = firstLoad.map(sizesOf).reduce(add, zero);
const total = allScripts.map(sizesOf).reduce(add, zero);

process.stdout.write('console JavaScript (console/dist)            raw        gzip      brotli\n');
for (const [name, sizes] of rows) process.stdout.write(`${name.padEnd(44)} ${kb(sizes.raw).padStart(9)} ${kb(sizes.gzip).padStart(10)} ${kb(sizes.brotli).padStart(10)}\n`);
process.stdout.write(`${'FIRST LOAD'.padEnd(44)} ${kb(first.raw).padStart(9)} ${kb(first.gzip).padStart(10)} ${kb(first.brotli).padStart(10)}\n`);
process.stdout.write(`${'TOTAL'.padEnd(44)} ${kb(total.raw).padStart(9)} ${kb(total.gzip).padStart(10)} ${kb(total.brotli).padStart(10)}\n`);
process.stdout.write(`first load ${first.gzip <= FIRST_LOAD_LIMIT_BYTES ? 'within' : 'OVER'} the ${kb(FIRST_LOAD_LIMIT_BYTES)} goal (gzip ${kb(first.gzip)})\n`);
