// Where a reconstruction gains or loses volume: the volume of the body mesh and of its reconstructed
// recordings per band of height (m³ → litres), by casting vertical rays through every 5 mm column and
// pairing the crossings (each closed surface's inside). Columns: the meshes' own x, z; heights from
// each mesh's lowest point. Compares the product's reconstruction with the same recording fused with
// the true poses (stages.ts c).
// Usage: node scripts/eval-recording/volume-by-height.ts [--makehuman <dir>] [--body 0] [--mode turn]
//   [--seed 11] [--frames 250] [--band 0.18] [--override '{...}']
import { parseArgs } from 'node:util';
import { reconstructRecording } from '../../src/processing/recording-reconstruction/reconstruct-recording.ts';
import { simulateRecording } from '../../src/processing/recording-simulator/simulate-recording.ts';
import { reconstructionWithOverride } from './reconstruction-override.ts';
import { truePoseOptions, withTruePoses } from './true-poses.ts';
import { DEFAULT_MAKEHUMAN_DIR, evaluationBodies } from './evaluation-bodies.ts';

const { values } = parseArgs({
  options: {
    makehuman: { type: 'string', default: DEFAULT_MAKEHUMAN_DIR },
    body: { type: 'string', default: '0' },
    mode: { type: 'string', default: 'turn' },
    seed: { type: 'string' },
    frames: { type: 'string', default: '250' },
    band: { type: 'string', default: '0.18' },
    override: { type: 'string', default: '{}' },
  },
});

const COLUMN_M = 0.005;

/** Volume (m³) of a closed triangle mesh per band of height above its lowest point (bandM wide, `bands` of them). */
function volumeByHeight(positions: Float32Array, indices: Uint32Array, bandM: number, bands: number): Float64Array {
  let minY = Infinity;
  for (let i = 1; i < positions.length; i += 3) minY = Math.min(minY, positions[i]);
  // Per column (x, z on a 5 mm grid, slightly offset so no ray meets an edge): the heights where it crosses the surface.
  const crossings = new Map<number, number[]>();
  for (let t = 0; t < indices.length; t += 3) {
    const a = 3 * indices[t], b = 3 * indices[t + 1], c = 3 * indices[t + 2];
    const ax = positions[a], az = positions[a + 2], bx = positions[b], bz = positions[b + 2], cx = positions[c], cz = positions[c + 2];
    const det = (bz - cz) * (ax - cx) + (cx - bx) * (az - cz);
    if (Math.abs(det) < 1e-14) continue;
    for (let i = Math.ceil(Math.min(ax, bx, cx) / COLUMN_M); i <= Math.floor(Math.max(ax, bx, cx) / COLUMN_M); i++) {
      for (let k = Math.ceil(Math.min(az, bz, cz) / COLUMN_M); k <= Math.floor(Math.max(az, bz, cz) / COLUMN_M); k++) {
        const x = i * COLUMN_M + 1e-7, z = k * COLUMN_M + 1.3e-7;
        const l1 = ((bz - cz) * (x - cx) + (cx - bx) * (z - cz)) / det, l2 = ((cz - az) * (x - cx) + (ax - cx) * (z - cz)) / det, l3 = 1 - l1 - l2;
        if (l1 < 0 || l2 < 0 || l3 < 0) continue;
        const key = (i + 100000) * 200000 + (k + 100000);
        const list = crossings.get(key) ?? [];
        list.push(l1 * positions[a + 1] + l2 * positions[b + 1] + l3 * positions[c + 1] - minY);
        crossings.set(key, list);
      }
    }
  }
  const out = new Float64Array(bands);
  for (const list of crossings.values()) {
    list.sort((p, q) => p - q);
    for (let j = 0; j + 1 < list.length; j += 2) {
      for (let y = list[j]; y < list[j + 1];) {
        // y / bandM can round below a band's edge that y already reached (0.03 · 3 / 0.03 < 3): step past it.
        let band = Math.floor(y / bandM);
        if ((band + 1) * bandM <= y) band++;
        const end = Math.min(list[j + 1], (band + 1) * bandM);
        if (band < bands) out[band] += (end - y) * COLUMN_M * COLUMN_M;
        y = end;
      }
    }
  }
  return out;
}

const index = Number(values.body);
const [{ preset, body }] = evaluationBodies(values.makehuman, index, 1);
const mode = values.mode as 'walk' | 'turn';
const seed = values.seed ? Number(values.seed) : 11 + index;
const reconstruction = reconstructionWithOverride(values.override);
const sim = simulateRecording(body, { mode, seed, frames: Number(values.frames) });
const bandM = Number(values.band), bands = Math.ceil(2.2 / bandM);
const trusted = truePoseOptions(reconstruction, mode);
const truth = volumeByHeight(body.positionsM, body.indices, bandM, bands);
const product = reconstructRecording(sim.recording, reconstruction).geometry;
const truePoses = reconstructRecording(withTruePoses(sim), trusted).geometry;
const rows = { 'true poses': volumeByHeight(truePoses.positions, truePoses.indices!, bandM, bands), product: volumeByHeight(product.positions, product.indices!, bandM, bands) };
console.log(`${preset.name}, ${mode}, seed ${seed}: volume per ${(100 * bandM).toFixed(0)} cm of height (litres), reconstruction minus body (litres, %)`);
console.log(`height cm    body   ${Object.keys(rows).map((k) => k.padStart(17)).join('')}`);
const total = { body: 0, ...Object.fromEntries(Object.keys(rows).map((k) => [k, 0])) } as Record<string, number>;
for (let b = 0; b < bands; b++) {
  if (truth[b] === 0 && Object.values(rows).every((r) => r[b] === 0)) continue;
  total.body += truth[b];
  const cells = Object.entries(rows).map(([k, r]) => {
    total[k] += r[b];
    return `${(1000 * (r[b] - truth[b])).toFixed(2).padStart(8)} ${truth[b] > 0 ? (100 * (r[b] / truth[b] - 1)).toFixed(1).padStart(7) : '      -'}%`;
  });
  console.log(`${`${(100 * b * bandM).toFixed(0)}-${(100 * (b + 1) * bandM).toFixed(0)}`.padEnd(9)} ${(1000 * truth[b]).toFixed(2).padStart(6)}  ${cells.join(' ')}`);
}
console.log(`whole     ${(1000 * total.body).toFixed(2).padStart(6)}  ${Object.keys(rows).map((k) => `${(1000 * (total[k] - total.body)).toFixed(2).padStart(8)} ${(100 * (total[k] / total.body - 1)).toFixed(1).padStart(7)}%`).join(' ')}`);
