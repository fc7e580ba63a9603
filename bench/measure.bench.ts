// A binary PLY point cloud (synthetic body, sigma 2 mm, floor patch) to all 32 measurements:
// readCapture + measureBody, wall time and peak RSS, at 250k / 500k / 1M / 2M points, each size in
// its own process so peak RSS is that size's own. Goal: < 1.5 s and < 500 MB at 1M points, linear cost.
// Run: node_modules/.bin/node bench/measure.bench.ts   (BENCH_SIZES=250000,1000000 to choose)
import { spawnSync } from 'node:child_process';
import { readCapture } from '../src/processing/capture/read-capture.ts';
import { writePly } from '../src/processing/capture/write-ply.ts';
import { measureBody } from '../src/processing/measure/measure-body.ts';
import { generateSyntheticBody, sampleSyntheticCloud } from '../src/processing/synthetic-body/generate.ts';

const RUNS = 3;

if (process.env.BENCH_POINTS) {
  // Child: build the file, then time reading + measuring it (median of RUNS after a warm-up).
  const points = Number(process.env.BENCH_POINTS);
  const body = generateSyntheticBody({ sex: 'female', heightM: 1.68, weightKg: 66, seed: 4 });
  const cloud = sampleSyntheticCloud(body, { count: points, noiseSigmaM: 0.002, seed: 9, floorPoints: Math.round(points * 0.05) });
  const ply = writePly(cloud);
  const rssBeforeMiB = process.memoryUsage().rss / 2 ** 20;
  const run = (): number => {
    const started = performance.now();
    const capture = readCapture(ply);
    measureBody(capture.geometry, capture.hints, { heightM: 1.68, weightKg: 66 });
    return performance.now() - started;
  };
  run();
  const times = Array.from({ length: RUNS }, run).sort((a, b) => a - b);
  const usage = process.resourceUsage();
  console.log(JSON.stringify({ points, fileMiB: ply.byteLength / 2 ** 20, medianMs: times[Math.floor(RUNS / 2)], peakRssMiB: usage.maxRSS / 1024, rssBeforeMiB }));
} else {
  const sizes = (process.env.BENCH_SIZES ?? '250000,500000,1000000,2000000').split(',').map(Number);
  console.log('points      file MiB   median ms   ms per 100k   peak RSS MiB (input built in-process: RSS before measuring)');
  for (const points of sizes) {
    const child = spawnSync(process.execPath, [import.meta.filename], { env: { ...process.env, BENCH_POINTS: String(points) }, encoding: 'utf8' });
    if (child.status !== 0) { console.log(`${points}: failed\n${child.stderr}`); continue; }
    const r = JSON.parse(child.stdout.trim().split('\n').pop()!) as { points: number; fileMiB: number; medianMs: number; peakRssMiB: number; rssBeforeMiB: number };
    console.log(`${String(r.points).padStart(9)} ${r.fileMiB.toFixed(1).padStart(10)} ${r.medianMs.toFixed(0).padStart(11)} ${(r.medianMs / (r.points / 1e5)).toFixed(0).padStart(13)} ${r.peakRssMiB.toFixed(0).padStart(14)} (${r.rssBeforeMiB.toFixed(0)})`);
  }
}
