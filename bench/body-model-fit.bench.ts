// fitPosableModel (fit + part label of every point) on a capture made by the posable model itself:
// the femaleHeavy preset with arms hanging against the torso, 2 mm noise, a floor patch (5% of
// the points). Each size in its own process, so peak RSS is that size's own; wall and CPU time
// (min / median / max of RUNS after a warm-up). Goal: 320k points well under 1.5 s, 1M under 2.5 s.
// Run: node_modules/.bin/node bench/body-model-fit.bench.ts   (BENCH_SIZES=80000,320000 to choose)
import { spawnSync } from 'node:child_process';
import { fitPosableModel } from '../src/processing/body-model/fit-posable-model.ts';
import { ARMS_DOWN, loadPosableBodyModel } from '../src/processing/body-model/posable-body-model.ts';
import { armsDownTouching, poseTruth, scanTruth } from '../test/support/posable-model-scans.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);

if (process.env.BENCH_POINTS) {
  const points = Number(process.env.BENCH_POINTS);
  const model = loadPosableBodyModel();
  const truth = poseTruth(model, armsDownTouching(model, model.shapePresets.femaleHeavy, ARMS_DOWN));
  const scan = scanTruth(model, truth, { count: points, seed: 9, noiseM: 0.002, floorPoints: Math.round(points * 0.05) });
  const rssBeforeMiB = process.memoryUsage().rss / 2 ** 20;
  const run = (): { wall: number; cpu: number; rms: number } => {
    const cpu0 = process.cpuUsage();
    const started = performance.now();
    const fit = fitPosableModel(model, scan.points, scan.count);
    const wall = performance.now() - started;
    const cpu = process.cpuUsage(cpu0);
    return { wall, cpu: (cpu.user + cpu.system) / 1000, rms: fit.residualRmsMm };
  };
  run();
  const runs = Array.from({ length: RUNS }, run);
  const wall = runs.map((r) => r.wall).sort((a, b) => a - b), cpu = runs.map((r) => r.cpu).sort((a, b) => a - b);
  const usage = process.resourceUsage();
  console.log(JSON.stringify({ points: scan.count, wall, cpu, rms: runs[0].rms, peakRssMiB: usage.maxRSS / 1024, rssBeforeMiB }));
} else {
  const sizes = (process.env.BENCH_SIZES ?? '80000,320000,1000000').split(',').map(Number);
  console.log('points     wall ms min / median / max     cpu ms min / median / max   residual mm   peak RSS MiB (before fitting)');
  for (const points of sizes) {
    const child = spawnSync(process.execPath, [import.meta.filename], { env: { ...process.env, BENCH_POINTS: String(points) }, encoding: 'utf8' });
    if (child.status !== 0) { console.log(`${points}: failed\n${child.stderr}`); continue; }
    const r = JSON.parse(child.stdout.trim().split('\n').pop()!) as { points: number; wall: number[]; cpu: number[]; rms: number; peakRssMiB: number; rssBeforeMiB: number };
    const mmm = (a: number[]): string => `${a[0].toFixed(0)} / ${a[Math.floor(a.length / 2)].toFixed(0)} / ${a[a.length - 1].toFixed(0)}`;
    console.log(`${String(r.points).padStart(8)} ${mmm(r.wall).padStart(26)} ${mmm(r.cpu).padStart(28)} ${r.rms.toFixed(2).padStart(13)} ${r.peakRssMiB.toFixed(0).padStart(14)} (${r.rssBeforeMiB.toFixed(0)})`);
  }
}
