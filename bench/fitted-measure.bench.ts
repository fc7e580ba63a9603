// Fit + segmentation + measurements of a point cloud with the production path: the posable body
// model fitted to the capture (posableModelFitter) and measureBody cutting with its labels. A
// synthetic body standing with its arms against the torso (8° from vertical, pressed 1 cm in),
// σ = 2 mm, a 5% floor patch; sizes 320k and 1M points, each in its own process so its peak RSS is
// its own. Prints min / median / max of the whole measurement and of the fit alone (after a warm-up),
// and side by side in the same process the measurement without hole completion (the fitter given no
// model mesh: no hole test, no fill; the path before completion existed), runs interleaved.
// Issue 10's goal: < 2.5 s at 320k, < 4 s at 1M on one core, peak RSS < 700 MB.
// Run: node_modules/.bin/node bench/fitted-measure.bench.ts   (BENCH_SIZES=320000 to choose)
import { spawnSync } from 'node:child_process';
import type { ModelFit } from '../src/processing/body-model/posable-model-types.ts';
import { measureBody } from '../src/processing/measure/measure-body.ts';
import { posableModelFitter } from '../src/processing/measure/model-fitter.ts';
import { makeSyntheticBody, sampleSyntheticCloud } from '../src/processing/synthetic-body/generate.ts';

const RUNS = 5;

const stats = (values: number[]) => {
  const v = [...values].sort((a, b) => a - b);
  return { min: v[0], median: v[Math.floor(v.length / 2)], max: v[v.length - 1] };
};

if (process.env.BENCH_POINTS) {
  const points = Number(process.env.BENCH_POINTS);
  const body = makeSyntheticBody({ sex: 'female', heightM: 1.68, fatness: 0.8, seed: 4, armAngleDeg: 8, armsTouchTorso: true });
  const cloud = sampleSyntheticCloud(body, { count: points, noiseSigmaM: 0.002, seed: 9, floorPoints: Math.round(points * 0.05) });
  const production = posableModelFitter({ heightM: 1.68 });
  let fitMs = 0;
  const timedFit = (p: Float32Array, n: number): ModelFit => { const t = performance.now(); const f = production.fit(p, n); fitMs = performance.now() - t; return f; };
  const timedFitter = { bonePart: production.bonePart, model: production.model, fit: timedFit };
  const withoutCompletion = { bonePart: production.bonePart, fit: timedFit };
  const rssBeforeMiB = process.memoryUsage().rss / 2 ** 20;
  const total: number[] = [], fit: number[] = [], reference: number[] = [];
  for (let run = 0; run <= RUNS; run++) {
    let started = performance.now();
    measureBody(cloud, {}, { heightM: 1.68 }, { fitter: timedFitter });
    const ms = performance.now() - started, thisFit = fitMs;
    started = performance.now();
    measureBody(cloud, {}, { heightM: 1.68 }, { fitter: withoutCompletion });
    if (run === 0) continue; // warm-up
    total.push(ms); fit.push(thisFit); reference.push(performance.now() - started);
  }
  const usage = process.resourceUsage();
  console.log(JSON.stringify({ points, total: stats(total), fit: stats(fit), reference: stats(reference), peakRssMiB: usage.maxRSS / 1024, rssBeforeMiB }));
} else {
  const sizes = (process.env.BENCH_SIZES ?? '320000,1000000').split(',').map(Number);
  console.log('points     total ms min/median/max     fit ms min/median/max     without completion ms     peak RSS MiB (RSS before measuring)');
  for (const points of sizes) {
    const child = spawnSync(process.execPath, [import.meta.filename], { env: { ...process.env, BENCH_POINTS: String(points) }, encoding: 'utf8' });
    if (child.status !== 0) { console.log(`${points}: failed\n${child.stderr}`); continue; }
    const r = JSON.parse(child.stdout.trim().split('\n').pop()!) as { points: number; total: ReturnType<typeof stats>; fit: ReturnType<typeof stats>; reference: ReturnType<typeof stats>; peakRssMiB: number; rssBeforeMiB: number };
    const f = (s: ReturnType<typeof stats>) => `${s.min.toFixed(0)} / ${s.median.toFixed(0)} / ${s.max.toFixed(0)}`;
    console.log(`${String(r.points).padStart(8)} ${f(r.total).padStart(24)} ${f(r.fit).padStart(25)} ${f(r.reference).padStart(25)} ${r.peakRssMiB.toFixed(0).padStart(16)} (${r.rssBeforeMiB.toFixed(0)})`);
  }
}
