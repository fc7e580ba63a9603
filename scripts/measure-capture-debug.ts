// Measures one capture file with the production measuring (fitted body model) and prints its
// girths and landmarks: for debugging a single evaluation run kept with EVAL_CAPTURE_DIR.
// Usage: node scripts/measure-capture-debug.ts FILE.ply [field-prefix ...]
import { readFileSync } from 'node:fs';
import { readCapture } from '../src/processing/capture/read-capture.ts';
import { measureBody } from '../src/processing/measure/measure-body.ts';
import { posableModelFitter } from '../src/processing/measure/model-fitter.ts';

const [file, ...prefixes] = process.argv.slice(2);
if (!file) { console.error('usage: node scripts/measure-capture-debug.ts FILE [field-prefix ...]'); process.exit(2); }
const read = readCapture(new Uint8Array(readFileSync(file)));
const result = measureBody(read.geometry, read.hints, {}, { fitter: posableModelFitter({}) });
const mm = (v: number): string => (v * 1000).toFixed(1);
for (const [field, value] of Object.entries(result.measurements)) {
  if (prefixes.length === 0 || prefixes.some((p) => field.startsWith(p))) console.log(`${field.padEnd(22)} ${field.endsWith('Fit') ? mm(value) : value.toFixed(4)}`);
}
for (const [name, p] of Object.entries(result.landmarks)) console.log(`${name.padEnd(14)} ${p.map(mm).join(', ')}`);

// --ring-pair STEM: the left and right rings of a paired girth as radius (mm) per 15° about the
// ring's centroid, the left mirrored (x -> -x), to see where two sides of a symmetric body differ.
const pairAt = process.argv.indexOf('--ring-pair');
if (pairAt > 0) {
  const stem = process.argv[pairAt + 1];
  const ringOf = (field: string, mirror: boolean): number[] => {
    const site = result.sites.find((s) => s.field === field)!;
    const r = site.ringM, n = r.length / 3;
    const sx = mirror ? -1 : 1;
    const nx = sx * site.normal[0], ny = site.normal[1], nz = site.normal[2];
    // Plane basis: e1 = normal x up (horizontal in the plane), e2 = normal x e1.
    const l1 = Math.hypot(nz, nx);
    const e1 = [-nz / l1, 0, nx / l1];
    const e2 = [ny * e1[2] - nz * e1[1], nz * e1[0] - nx * e1[2], nx * e1[1] - ny * e1[0]];
    let cx = 0, cy = 0, cz = 0;
    for (let i = 0; i < n; i++) { cx += sx * r[3 * i]; cy += r[3 * i + 1]; cz += r[3 * i + 2]; }
    cx /= n; cy /= n; cz /= n;
    const out = new Array(24).fill(0);
    for (let i = 0; i < n; i++) {
      const d = [sx * r[3 * i] - cx, r[3 * i + 1] - cy, r[3 * i + 2] - cz];
      const u = d[0] * e1[0] + d[1] * e1[1] + d[2] * e1[2], v = d[0] * e2[0] + d[1] * e2[1] + d[2] * e2[2];
      const a = Math.floor((((Math.atan2(v, u) * 180) / Math.PI + 360) % 360) / 15);
      out[a] = Math.max(out[a], Math.hypot(u, v) * 1000);
    }
    console.log(`${field} centroid ${[cx, cy, cz].map((v) => (v * 1000).toFixed(0)).join(',')} perimeter ${(site.perimeterM * 1000).toFixed(1)} points ${n}`);
    return out;
  };
  const l = ringOf(`${stem}LeftFit`, true), r = ringOf(`${stem}RightFit`, false);
  console.log('deg   left  right');
  for (let a = 0; a < 24; a++) console.log(`${String(a * 15).padStart(3)} ${l[a].toFixed(1).padStart(6)} ${r[a].toFixed(1).padStart(6)}`);
}
