// Benchmark: surface reconstruction of a synthetic body point cloud (1M points, 2 mm noise by default).
// Run: node_modules/.bin/node bench/surface-reconstruction.bench.ts [points]
// Also writes docs/images/preview-point-cloud.png: the reconstructed surface through the preview rasteriser.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { encodePng } from '../src/processing/assets/png-encoder.ts';
import { renderPreview } from '../src/processing/assets/preview-rasteriser.ts';
import { computeSmoothNormals } from '../src/processing/assets/smooth-normals.ts';
import { meshVolume } from '../src/processing/geometry/mesh-volume.ts';
import { reconstructSurface } from '../src/processing/surface-reconstruction/reconstruct-surface.ts';
import { generateSyntheticBody, sampleSyntheticCloud } from '../src/processing/synthetic-body/generate.ts';

const pointCount = Number(process.argv[2] ?? 1_000_000);
const body = generateSyntheticBody({ sex: 'male', heightM: 1.78, weightKg: 80, seed: 2 });
const cloud = sampleSyntheticCloud(body, { count: pointCount, noiseSigmaM: 0.002, seed: 5 }).positions;

// Warm-up on a small cloud, then the measured runs (wall time and this process's CPU time: the
// machine may be shared, and CPU time is what one core spends).
reconstructSurface(cloud.subarray(0, 90_000));
const wallMs: number[] = [];
const cpuMs: number[] = [];
let mesh = reconstructSurface(cloud.subarray(0, 3));
for (let run = 0; run < 5; run++) {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  mesh = reconstructSurface(cloud);
  wallMs.push(performance.now() - t0);
  const cpu = process.cpuUsage(cpu0);
  cpuMs.push((cpu.user + cpu.system) / 1000);
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];
const volume = meshVolume(mesh.positionsM, mesh.indices);
console.log(`points: ${pointCount.toLocaleString('en')} (2 mm noise), node ${process.version}, one thread`);
console.log(`reconstruction: median ${median(wallMs).toFixed(0)} ms wall (min ${Math.min(...wallMs).toFixed(0)}), median ${median(cpuMs).toFixed(0)} ms CPU`);
console.log(`cell ${(mesh.voxelSizeM * 1000).toFixed(1)} mm, ${(mesh.indices.length / 3).toLocaleString('en')} triangles, ${(mesh.positionsM.length / 3).toLocaleString('en')} vertices, closed ${volume.closed}`);
console.log(`volume ${(volume.signedVolume * 1000).toFixed(2)} L vs truth ${(body.truth.volumeM3 * 1000).toFixed(2)} L (${((volume.signedVolume / body.truth.volumeM3 - 1) * 100).toFixed(2)} %)`);

const preview = renderPreview({ positionsM: mesh.positionsM, indices: mesh.indices, normals: computeSmoothNormals(mesh.positionsM, mesh.indices), colors: null });
const png = encodePng(preview, true);
writeFileSync(resolve(import.meta.dirname, '..', 'docs', 'images', 'preview-point-cloud.png'), png);
console.log(`preview-point-cloud.png: ${(png.length / 1024).toFixed(0)} KB`);
