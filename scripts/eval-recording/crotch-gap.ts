// How far down the reconstruction joins the two thighs: the reconstruction's closed mesh (registered
// to the body) and the body mesh cut by horizontal planes every 5 mm below the true crotch, printing the
// gap between the legs (mm) or the loops when they are joined, then a map of one slab between the legs
// (the body's cut, the fused surface's points, the closed mesh's cut). Stages as in stages.ts (b ideal depth, c sensor depth, both with true poses; d the product).
// Usage: node scripts/eval-recording/crotch-gap.ts [--bodies 1] [--first 0] [--stages b,c,d] [--below 28] [--override '<JSON>']
import { parseArgs } from 'node:util';
import { cutMesh } from '../../src/processing/evaluation/cut-components.ts';
import { applyRigidTransform, registerRigid } from '../../src/processing/evaluation/rigid-registration.ts';
import { sampleSurface } from '../../src/processing/evaluation/surface-sampling.ts';
import { seededRandom } from '../../src/processing/evaluation/seeded-random.ts';
import { reconstructRecording } from '../../src/processing/recording-reconstruction/reconstruct-recording.ts';
import { simulateRecording, type SimulatedRecording } from '../../src/processing/recording-simulator/simulate-recording.ts';
import { reconstructionWithOverride } from './reconstruction-override.ts';
import { withTruePoses } from './true-poses.ts';
import { DEFAULT_MAKEHUMAN_DIR, evaluationBodies } from './evaluation-bodies.ts';

const { values } = parseArgs({
  options: {
    makehuman: { type: 'string', default: DEFAULT_MAKEHUMAN_DIR },
    bodies: { type: 'string', default: '1' },
    first: { type: 'string', default: '0' },
    stages: { type: 'string', default: 'b,c,d' },
    mode: { type: 'string', default: 'walk' },
    seed: { type: 'string', default: '11' },
    override: { type: 'string', default: '{}' },
    /** Depth of the slab map below the true crotch (mm). */
    below: { type: 'string', default: '28' },
  },
});
const reconstruction = reconstructionWithOverride(values.override);
const first = Number(values.first);
const mode = values.mode as 'walk' | 'turn';

/** Loops of a horizontal cut at height y within |x| < 0.25 m, |z| < 0.25 m: x extents (mm), sorted by centre x. */
function legLoops(positions: ArrayLike<number>, triangles: ArrayLike<number>, y: number, cx: number, cz: number): { minX: number; maxX: number; area: number }[] {
  const cut = cutMesh(positions, triangles, { point: [cx, y, cz], normal: [0, 1, 0] });
  const loops = cut.components.filter((c) => Math.abs(c.centroid[0] - cx) < 0.25 && Math.abs(c.centroid[2] - cz) < 0.25 && c.area > 2e-4).map((c) => {
    let minX = Infinity, maxX = -Infinity;
    for (let i = 0; i < c.outerLoop.length; i += 3) { minX = Math.min(minX, c.outerLoop[i]); maxX = Math.max(maxX, c.outerLoop[i]); }
    return { minX: (minX - cx) * 1000, maxX: (maxX - cx) * 1000, area: c.area * 1e6 };
  });
  return loops.sort((a, b) => a.minX + a.maxX - b.minX - b.maxX);
}

const describe = (loops: { minX: number; maxX: number; area: number }[]): string => loops.length === 2
  ? `gap ${(loops[1].minX - loops[0].maxX).toFixed(0).padStart(4)} (${loops[0].minX.toFixed(0)}..${loops[0].maxX.toFixed(0)} | ${loops[1].minX.toFixed(0)}..${loops[1].maxX.toFixed(0)})`
  : `${loops.length} loop(s) ${loops.map((l) => `${l.minX.toFixed(0)}..${l.maxX.toFixed(0)}`).join(' ')}`;

for (const { index, preset, mesh, body } of evaluationBodies(values.makehuman, first, Number(values.bodies))) {
  const seed = Number(values.seed) + index;
  const reference = sampleSurface(mesh.positionsM, mesh.triangles, 80_000, seededRandom(seed));
  // The true crotch: the highest horizontal cut (1 mm steps) with two leg loops.
  let cx = 0, cz = 0, n = 0;
  for (let i = 0; i < mesh.positionsM.length; i += 3) if (mesh.positionsM[i + 1] > 0.4 && mesh.positionsM[i + 1] < 0.6) { cx += mesh.positionsM[i]; cz += mesh.positionsM[i + 2]; n++; }
  cx /= n; cz /= n;
  let crotchY = 0.5;
  while (legLoops(mesh.positionsM, mesh.triangles, crotchY + 0.001, cx, cz).length >= 2) crotchY += 0.001;
  const recons: { stage: string; positions: Float64Array; indices: Uint32Array; points: Float64Array }[] = [];
  const sims = new Map<boolean, SimulatedRecording>();
  const sim = (noise: boolean) => sims.get(noise) ?? sims.set(noise, simulateRecording(body, { mode, seed, sensorNoise: noise })).get(noise)!;
  for (const stage of values.stages.split(',')) {
    const trusted = { ...reconstruction, refineWalkPoses: false, ...(stage === 'b' ? { walkSmoothingVariancePx2: 0, walkSurfaceSmoothingPx2: 0 } : {}) };
    const r = stage === 'd' ? reconstructRecording(sim(true).recording, reconstruction) : reconstructRecording(withTruePoses(sim(stage !== 'b')), trusted);
    const g = r.geometry;
    const reg = registerRigid(g.positions, reference);
    const positions = new Float64Array(g.positions.length);
    for (let i = 0; i < positions.length; i += 3) positions.set(applyRigidTransform(reg, [g.positions[i], g.positions[i + 1], g.positions[i + 2]]), i);
    const points = new Float64Array(r.surfacePointsM.length);
    for (let i = 0; i < points.length; i += 3) points.set(applyRigidTransform(reg, [r.surfacePointsM[i], r.surfacePointsM[i + 1], r.surfacePointsM[i + 2]]), i);
    recons.push({ stage, positions, indices: g.indices as Uint32Array, points });
  }
  console.log(`${preset.name}: true crotch at y = ${(crotchY * 1000).toFixed(0)} mm`);
  for (let dy = 0; dy <= 80; dy += 5) {
    const y = crotchY - dy / 1000;
    const row = [`  ${String(-dy).padStart(4)} mm  truth ${describe(legLoops(mesh.positionsM, mesh.triangles, y, cx, cz))}`];
    for (const r of recons) row.push(`${r.stage}: ${describe(legLoops(r.positions, r.indices, y, cx, cz))}`);
    console.log(row.join('   '));
  }
  // Map of the slab |y - level| < 2.5 mm between the legs (5 mm cells; x across, z rows front to back):
  // T the body's cut, o the fused surface's points, * both, - the closed mesh's cut.
  const level = crotchY - Number(values.below) / 1000;
  const truthCut = cutMesh(mesh.positionsM, mesh.triangles, { point: [cx, level, cz], normal: [0, 1, 0] });
  for (const r of recons) {
    const meshCut = cutMesh(r.positions, r.indices, { point: [cx, level, cz], normal: [0, 1, 0] });
    const cols = 28, rows = 44, cell = 0.005;
    const grid = Array.from({ length: rows }, () => new Array(cols).fill(' '));
    const mark = (x: number, z: number, ch: string) => {
      const i = Math.floor((x - cx) / cell + cols / 2), j = Math.floor((cz + 0.11 - z) / cell);
      if (i < 0 || i >= cols || j < 0 || j >= rows) return;
      const old = grid[j][i];
      grid[j][i] = old === ' ' || old === ch ? ch : old === '-' ? ch : ch === '-' ? old : '*';
    };
    for (const c of meshCut.components) for (let k = 0; k < c.outerLoop.length; k += 3) mark(c.outerLoop[k], c.outerLoop[k + 2], '-');
    for (let k = 0; k < r.points.length; k += 3) if (Math.abs(r.points[k + 1] - level) < 0.0025) mark(r.points[k], r.points[k + 2], 'o');
    for (const c of truthCut.components) {
      const loop = c.outerLoop, n = loop.length / 3;
      for (let k = 0; k < n; k++) {
        const a = 3 * k, b = 3 * ((k + 1) % n);
        for (let s = 0; s <= 8; s++) mark(loop[a] + (loop[b] - loop[a]) * s / 8, loop[a + 2] + (loop[b + 2] - loop[a + 2]) * s / 8, 'T');
      }
    }
    console.log(`\n${r.stage}: ${Number(values.below)} mm below the crotch, x ${-cols * 2.5}..${cols * 2.5} mm across, front (z +110 mm) at the top`);
    for (const line of grid) console.log(`  |${line.join('')}|`);
  }
}
