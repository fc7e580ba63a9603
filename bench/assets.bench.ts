// Benchmark: all scan assets for a 1M-point coloured point cloud (and a 100k-triangle preview).
// Run: node_modules/.bin/node bench/assets.bench.ts [points]   (also writes docs/images/preview-synthetic.png)
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildScanAssets } from '../src/processing/assets/build-scan-assets.ts';
import { DEFAULT_NATIVE_CONFIG_ID, LEGACY_NATIVE_CONFIG_ID } from '../src/processing/assets/asset-configs.ts';
import { renderPreview } from '../src/processing/assets/preview-rasteriser.ts';
import { fitBodyModel } from '../src/processing/body-model/fit-body-model.ts';
import { syntheticMeasurement, variedParams } from '../test/support/synthetic-measurement.ts';
import { samplePointCloud } from '../test/support/sample-surface.ts';
import { sphereMesh } from '../test/support/sphere-mesh.ts';

const pointCount = Number(process.argv[2] ?? 1_000_000);
const scan = syntheticMeasurement(variedParams());
const cloud = samplePointCloud(scan.canonical.positions, scan.canonical.indices as Uint32Array, pointCount);
const result = { ...scan, canonical: { positions: cloud.positions, indices: null, colors: cloud.colors, normals: cloud.normals } };

let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => { peakRss = Math.max(peakRss, process.memoryUsage().rss); }, 5);
const rssMb = (): string => (Math.max(peakRss, process.memoryUsage().rss) / 2 ** 20).toFixed(0);
const time = <T>(run: () => T): [T, number] => { const t0 = performance.now(); const value = run(); return [value, performance.now() - t0]; };

// Warm-up on a small cloud so the figures below are steady-state, then the measured runs.
buildScanAssets({ ...result, canonical: { ...result.canonical, positions: cloud.positions.subarray(0, 30_000), colors: cloud.colors.subarray(0, 30_000) } }, null, DEFAULT_NATIVE_CONFIG_ID);
const runs: string[] = [];
for (const [label, config] of [['default native (GLB)', DEFAULT_NATIVE_CONFIG_ID], ['legacy native (OBJ)', LEGACY_NATIVE_CONFIG_ID]] as const) {
  for (let run = 0; run < 3; run++) {
    const [fit, fitMs] = time(() => fitBodyModel(result));
    const [files, assetsMs] = time(() => buildScanAssets(result, null, config, fit));
    const bytes = Object.values(files).reduce((sum, f) => sum + f.bytes.length, 0);
    runs.push(`${label}: fit ${fitMs.toFixed(0)} ms + assets ${assetsMs.toFixed(0)} ms = ${(fitMs + assetsMs).toFixed(0)} ms, ${(bytes / 1e6).toFixed(2)} MB in ${Object.keys(files).length} files`);
    if (run === 2 && config === DEFAULT_NATIVE_CONFIG_ID) {
      writeFileSync(resolve(import.meta.dirname, '..', 'docs', 'images', 'preview-synthetic.png'), files.previewImage!.bytes);
    }
  }
}
const big = sphereMesh(0.4, [0, 0.9, 0], 224, 224);
const [, previewMs] = time(() => renderPreview({ positionsM: big.positionsM, indices: big.indices, normals: null, colors: null }));
clearInterval(sampler);
console.log(`points: ${pointCount.toLocaleString('en')} (coloured, with normals), single thread, node ${process.version}`);
for (const line of runs) console.log(line);
console.log(`preview of ${(big.indices.length / 3).toLocaleString('en')} triangles: ${previewMs.toFixed(0)} ms`);
console.log(`peak RSS: ${rssMb()} MB`);
