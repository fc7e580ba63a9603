// Benchmark: phone recording -> fused, closed body surface (reconstructRecording), one thread.
// Recordings are simulated (simulateRecording) from a synthetic body, walk and turn, at 60/125/250/500
// frames; each is reconstructed `runs` times (min/median/max wall and CPU time, time per frame).
// Side by side on the 250-frame recordings: Open3D's ScalableTSDFVolume (Debian's python3-open3d,
// bench/support/open3d-tsdf.py) fusing the same person-masked depth maps with the app's poses at the
// same voxel and truncation; its integration time (inside Python, no start-up) against our whole
// reconstruction. Peak RSS of this process is printed at the end.
// Run: nice -n 10 node_modules/.bin/node bench/recording-reconstruction.bench.ts [runs] [--no-open3d]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_RECONSTRUCTION, personOnlyRecording, reconstructRecording } from '../src/processing/recording-reconstruction/reconstruct-recording.ts';
import { simulateRecording } from '../src/processing/recording-simulator/simulate-recording.ts';
import { generateSyntheticBody } from '../src/processing/synthetic-body/generate.ts';
import { fuseWithOpen3d } from './support/open3d-fusion.ts';

const runs = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 3);
const withOpen3d = !process.argv.includes('--no-open3d');
const body = generateSyntheticBody({ sex: 'female', heightM: 1.68, weightKg: 64, seed: 7 });
const mesh = { positionsM: body.mesh.positions, indices: body.mesh.indices };
const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { min: sorted[0], median: sorted[sorted.length >> 1], max: sorted[sorted.length - 1] };
};
const fmt = (s: { min: number; median: number; max: number }, digits = 0) => `${s.min.toFixed(digits)} / ${s.median.toFixed(digits)} / ${s.max.toFixed(digits)}`;

console.log(`recording reconstruction, node ${process.version}, one thread, ${runs} runs per row (min / median / max)`);
console.log(`voxel ${DEFAULT_RECONSTRUCTION.voxelM * 1000} mm, truncation ${DEFAULT_RECONSTRUCTION.truncM * 1000} mm, 256x192 depth`);
console.log(`${'mode'.padEnd(5)} ${'frames'.padStart(6)}  ${'wall ms'.padStart(20)}  ${'CPU ms'.padStart(20)}  ${'ms/frame'.padStart(8)}  ${'fuse ms'.padStart(8)} ${'surface ms'.padStart(10)}  blocks  triangles`);
const scratch = withOpen3d ? mkdtempSync(join(tmpdir(), 'bench-recording-')) : '';
const peers: string[] = [];
for (const mode of ['walk', 'turn'] as const) {
  for (const frames of [60, 125, 250, 500]) {
    const recording = simulateRecording(mesh, { mode, seed: 3, frames }).recording;
    if (frames === 60) reconstructRecording(recording); // warm-up (JIT)
    const wall: number[] = [], cpu: number[] = [];
    let last = reconstructRecording(recording);
    for (let r = 0; r < runs; r++) {
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      last = reconstructRecording(recording);
      wall.push(performance.now() - t0);
      const c = process.cpuUsage(cpu0);
      cpu.push((c.user + c.system) / 1000);
    }
    const w = stats(wall), c = stats(cpu), d = last.diagnostics;
    console.log(`${mode.padEnd(5)} ${String(frames).padStart(6)}  ${fmt(w).padStart(20)}  ${fmt(c).padStart(20)}  ${(c.median / frames).toFixed(1).padStart(8)}  ${String(d.fuseMs).padStart(8)} ${String(d.extractMs).padStart(10)}  ${String(d.tsdfBlocks).padStart(6)}  ${String(d.meshTriangles).padStart(9)}`);
    if (withOpen3d && frames === 250) {
      const masked = personOnlyRecording(recording);
      const o3d: number[] = [];
      let fused = fuseWithOpen3d(masked, scratch);
      o3d.push(fused.integrateMs);
      for (let r = 1; r < runs; r++) { fused = fuseWithOpen3d(masked, scratch); o3d.push(fused.integrateMs); }
      const o = stats(o3d);
      peers.push(`${mode} 250 frames: Open3D ScalableTSDFVolume integrate ${fmt(o)} ms (+ extract ${fused.extractMs.toFixed(0)} ms, process ${fused.processMs.toFixed(0)} ms with start-up and I/O), ${fused.geometry.indices ? fused.geometry.indices.length / 3 : 0} triangles, open surface; Open3D integrate / our whole pipeline (CPU, median) = ${(o.median / c.median).toFixed(1)}x`);
    }
  }
}
for (const line of peers) console.log(line);
if (scratch) rmSync(scratch, { recursive: true, force: true });
console.log(`peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB (this process, whole run)`);
