// Benchmark: the body model fit and all scan assets for a coloured point cloud (default 1M points)
// sampled from a body made by the posable model (arms lowered towards the torso), and a
// 100k-triangle preview. Run: node_modules/.bin/node bench/assets.bench.ts [points]
// (also writes docs/images/preview-synthetic.png, the preview asset of the last GLB run).
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildScanAssets } from '../src/processing/assets/build-scan-assets.ts';
import { DEFAULT_NATIVE_CONFIG_ID, LEGACY_NATIVE_CONFIG_ID } from '../src/processing/assets/asset-configs.ts';
import { renderPreview } from '../src/processing/assets/preview-rasteriser.ts';
import { fitPosableModel } from '../src/processing/body-model/fit-posable-model.ts';
import { scanAvatar } from '../src/processing/body-model/scan-avatar.ts';
import { measureModelBody, modelParams } from '../test/support/model-measurement.ts';
import { samplePointCloud } from '../test/support/sample-surface.ts';
import { sphereMesh } from '../test/support/sphere-mesh.ts';

const pointCount = Number(process.argv[2] ?? 1_000_000);
const body = measureModelBody(modelParams(undefined, { 0: 0.8, 1: -0.4, 2: 0.3 }, 0.35));
const cloud = samplePointCloud(body.result.canonical.positions, body.model.triangles, pointCount);
const result = { ...body.result, canonical: { positions: cloud.positions, indices: null, colors: cloud.colors, normals: cloud.normals } };

let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => { peakRss = Math.max(peakRss, process.memoryUsage().rss); }, 5);
const rssMb = (): string => (Math.max(peakRss, process.memoryUsage().rss) / 2 ** 20).toFixed(0);
const time = <T>(run: () => T): [T, number] => { const t0 = performance.now(); const value = run(); return [value, performance.now() - t0]; };
const stats = (values: number[]): string => {
  const sorted = [...values].sort((a, b) => a - b);
  return `min ${sorted[0].toFixed(0)} / median ${sorted[Math.floor(sorted.length / 2)].toFixed(0)} / max ${sorted[sorted.length - 1].toFixed(0)} ms`;
};
const fitAvatar = () => {
  const fit = fitPosableModel(body.model, result.canonical.positions, pointCount, { normals: result.canonical.normals });
  return { model: body.model, fit, record: scanAvatar(body.model, fit, result).record };
};

// Warm-up, then the measured runs.
buildScanAssets(result, DEFAULT_NATIVE_CONFIG_ID, fitAvatar());
const lines: string[] = [];
for (const [label, config] of [['default native (GLB)', DEFAULT_NATIVE_CONFIG_ID], ['legacy native (OBJ)', LEGACY_NATIVE_CONFIG_ID]] as const) {
  const fitMs: number[] = [], assetsMs: number[] = [];
  let bytes = 0, files = 0, source = '';
  for (let run = 0; run < 3; run++) {
    const [avatar, f] = time(fitAvatar);
    const [assets, a] = time(() => buildScanAssets(result, config, avatar));
    fitMs.push(f); assetsMs.push(a);
    bytes = Object.values(assets).reduce((sum, file) => sum + file.bytes.length, 0);
    files = Object.keys(assets).length;
    source = avatar.fit.residualRmsMm.toFixed(1);
    if (run === 2 && config === DEFAULT_NATIVE_CONFIG_ID) {
      writeFileSync(resolve(import.meta.dirname, '..', 'docs', 'images', 'preview-synthetic.png'), assets.previewImage!.bytes);
    }
  }
  lines.push(`${label}: fit + avatar record ${stats(fitMs)}; assets ${stats(assetsMs)}; ${(bytes / 1e6).toFixed(2)} MB in ${files} files; fit RMS ${source} mm`);
}
const big = sphereMesh(0.4, [0, 0.9, 0], 224, 224);
const previewMs: number[] = [];
for (let run = 0; run < 3; run++) previewMs.push(time(() => renderPreview({ positionsM: big.positionsM, indices: big.indices, normals: null, colors: null }))[1]);
clearInterval(sampler);
console.log(`points: ${pointCount.toLocaleString('en')} (coloured, with normals), single thread, node ${process.version}`);
for (const line of lines) console.log(line);
console.log(`preview of ${(big.indices.length / 3).toLocaleString('en')} triangles: ${stats(previewMs)}`);
console.log(`peak RSS: ${rssMb()} MB`);
