// Compares two dumps of scripts/ready-outputs/dump.ts: per part (measurements, landmarks, sites, the
// whole measured result, the fitted body, asset sizes) how many values differ and the largest
// difference (metres for lengths: 1e-4 is 0.1 mm). Timing diagnostics (keys ending in Ms) are left out.
// Run: node_modules/.bin/node scripts/ready-outputs/compare.ts BEFORE.json AFTER.json [-v]
import { readFileSync } from 'node:fs';

type Diff = [path: string, before: unknown, after: unknown, size: number];
const [before, after] = process.argv.slice(2, 4).map((file) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>);
const verbose = process.argv.includes('-v');

function differences(a: unknown, b: unknown, path: string, out: Diff[]): void {
  if (typeof a === 'number' && typeof b === 'number') {
    if (a !== b) out.push([path, a, b, Math.abs(a - b)]);
  } else if (a && b && typeof a === 'object' && typeof b === 'object') {
    const x = a as Record<string, unknown>, y = b as Record<string, unknown>;
    for (const key of new Set([...Object.keys(x), ...Object.keys(y)])) differences(x[key], y[key], `${path}.${key}`, out);
  } else if (JSON.stringify(a) !== JSON.stringify(b)) out.push([path, a, b, NaN]);
}

for (const part of ['measured.measurements', 'measured.landmarks', 'measured.sites', 'measured', 'fitted', 'files']) {
  const at = (o: Record<string, unknown>) => part.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], o);
  const found: Diff[] = [];
  differences(at(before), at(after), part, found);
  const kept = found.filter(([path]) => !/Ms$/.test(path));
  const largest = kept.reduce<Diff | null>((m, d) => (!m || d[3] > m[3] || Number.isNaN(d[3]) ? d : m), null);
  console.log(`${part}: ${kept.length} values differ${largest ? `; largest ${largest[3]} at ${largest[0]}` : ''}`);
  if (verbose) for (const d of kept.slice(0, 20)) console.log(`  ${d[0]}: ${String(d[1]).slice(0, 40)} -> ${String(d[2]).slice(0, 40)}`);
}
