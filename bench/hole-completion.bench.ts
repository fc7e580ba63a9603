// What completing holes from the fitted model costs (measure/cut-completion.ts, model-hole-fill.ts):
// measureBody with the production fitter (its mesh given: hole test, completion of girths, the
// filled capture for landmarks and volume) against the same fitter without the mesh (holes bridged
// by chords: the path before completion), runs interleaved in one process, on two captures of a
// body the model made itself (the male average, A-pose, 2 mm noise, a 5% floor patch): whole, and
// with holes (the left third of the back ring from hips to waist, soles, crown, a 5 cm crotch
// hole). CPU time min / median / max of RUNS after a warm-up.
// Run: node_modules/.bin/node bench/hole-completion.bench.ts   (BENCH_POINTS=320000, BENCH_RUNS=5)
import { REST_A_POSE, loadPosableBodyModel, standardPose } from '../src/processing/body-model/posable-body-model.ts';
import { measureBody } from '../src/processing/measure/measure-body.ts';
import { posableModelFitter } from '../src/processing/measure/model-fitter.ts';
import { poseTruth, scanTruth } from '../test/support/posable-model-scans.ts';

const POINTS = Number(process.env.BENCH_POINTS ?? 320000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

const model = loadPosableBodyModel();
const truth = poseTruth(model, standardPose(model, REST_A_POSE, model.shapePresets.maleAverage));
const p = truth.body.positionsM;
let top = 0, zSum = 0, crotchY = Infinity;
for (let i = 0; i < p.length; i += 3) { top = Math.max(top, p[i + 1]); zSum += p[i + 2]; }
const zMid = zSum / (p.length / 3);
// Crotch: the lowest model point near the mid-plane between 35% and 60% of stature.
for (let i = 0; i < p.length; i += 3) if (Math.abs(p[i]) < 0.01 && p[i + 1] > 0.35 * top && p[i + 1] < 0.6 * top) crotchY = Math.min(crotchY, p[i + 1]);
const holes = (x: number, y: number, z: number): boolean =>
  (z < zMid - 0.03 && x > 0 && x < 0.2 && y > 0.47 * top && y < 0.6 * top)
  || y < 0.012 || y > top - 0.03 || Math.hypot(x, y - crotchY, z - zMid) < 0.05;
const capture = (drop?: typeof holes) => {
  const s = scanTruth(model, truth, { count: POINTS, seed: 5, noiseM: 0.002, floorPoints: Math.round(0.05 * POINTS), drop });
  return { positions: s.points.slice(0, 3 * s.count), indices: null, colors: null, normals: null };
};
const fitter = posableModelFitter({});
const chords = { bonePart: fitter.bonePart, fit: fitter.fit };
const cpuMs = (f: () => void): number => { const c = process.cpuUsage(); f(); const d = process.cpuUsage(c); return (d.user + d.system) / 1000; };
const mmm = (a: number[]): string => { const v = [...a].sort((x, y) => x - y); return `${v[0].toFixed(0)} / ${v[Math.floor(v.length / 2)].toFixed(0)} / ${v[v.length - 1].toFixed(0)}`; };

console.log(`${POINTS} points; CPU ms min / median / max of ${RUNS} runs`);
console.log('capture        with completion      chords only          filled share of the model');
for (const [name, geometry] of [['whole', capture()], ['with holes', capture(holes)]] as const) {
  const withCompletion: number[] = [], without: number[] = [];
  let share = 0;
  for (let run = 0; run <= RUNS; run++) {
    const a = cpuMs(() => { share = measureBody(geometry, {}, {}, { fitter }).diagnostics.holeFilledAreaShare as number; });
    const b = cpuMs(() => measureBody(geometry, {}, {}, { fitter: chords }));
    if (run > 0) { withCompletion.push(a); without.push(b); }
  }
  console.log(`${name.padEnd(14)} ${mmm(withCompletion).padEnd(20)} ${mmm(without).padEnd(20)} ${(100 * share).toFixed(1)} %`);
}
