// Renders the example picture committed in docs/images (what the service produces), from data made
// here, nothing read from outside the repository: a synthetic capture (a body made by our posable
// body model, its heavy-man preset, arms hanging against the torso, sampled as a coloured point cloud with 2 mm
// noise and no soles or crown), the body model FITTED to it by fitPosableModel (the scan's avatar,
// posed like the capture), the avatar's canonical body (rest A-pose), and the body shape prediction
// of a 20 kg weight loss (the canonical body re-shaped to the predicted girths and volume).
// Usage: node scripts/render-examples.ts
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { encodePng } from '../src/processing/assets/png-encoder.ts';
import { renderPreview } from '../src/processing/assets/preview-rasteriser.ts';
import { computeSmoothNormals } from '../src/processing/assets/smooth-normals.ts';
import { computeBodyfat } from '../src/processing/body-composition/compute-bodyfat.ts';
import { canonicalBody } from '../src/processing/body-model/canonical-body.ts';
import { fitPosableModel } from '../src/processing/body-model/fit-posable-model.ts';
import { predictedAvatar, scanAvatar } from '../src/processing/body-model/scan-avatar.ts';
import { predictBody } from '../src/processing/prediction/predict-body.ts';
import { measureModelBody, onFloor } from '../test/support/model-measurement.ts';
import { loadPosableBodyModel } from '../src/processing/body-model/load-posable-model.ts';
import { ARMS_DOWN, standardPose } from '../src/processing/body-model/standard-pose.ts';
import { samplePointCloud } from '../test/support/sample-surface.ts';

const repoRoot = resolve(import.meta.dirname, '..');
const out = (name: string): string => resolve(repoRoot, 'docs', 'images', name);

// 1. The capture: the model's heavy-man preset standing with his arms hanging at his sides, resting
// against the torso (ARMS_DOWN lowered further: the heavy presets touch from 60-65 degrees on).
const model = loadPosableBodyModel();
const shape = model.shapePresets.maleHeavy;
const truth = measureModelBody(onFloor(model, standardPose(model, { ...ARMS_DOWN, armsDownDeg: 78 }, shape)));
const sampled = samplePointCloud(truth.result.canonical.positions, model.triangles, 250_000, 11);
let state = 12345;
const gaussian = (): number => {
  // Box-Muller on a xorshift generator (deterministic picture).
  const next = (): number => { state ^= state << 13; state >>>= 0; state ^= state >>> 17; state ^= state << 5; state >>>= 0; return (state + 0.5) / 4294967296; };
  return Math.sqrt(-2 * Math.log(next())) * Math.cos(2 * Math.PI * next());
};
let statureM = 0;
for (let i = 1; i < sampled.positions.length; i += 3) statureM = Math.max(statureM, sampled.positions[i]);
const kept: number[] = [];
for (let p = 0; p < sampled.positions.length / 3; p++) {
  const y = sampled.positions[p * 3 + 1];
  if (y < 0.012 || y > statureM - 0.02) continue; // a scanner sees no soles and little crown
  kept.push(p);
}
const points = new Float32Array(kept.length * 3), colors = new Uint8Array(kept.length * 3), normals = new Float32Array(kept.length * 3);
kept.forEach((p, i) => {
  for (let k = 0; k < 3; k++) {
    points[i * 3 + k] = sampled.positions[p * 3 + k] + 0.002 * gaussian();
    colors[i * 3 + k] = sampled.colors[p * 3 + k];
    normals[i * 3 + k] = sampled.normals[p * 3 + k];
  }
});
const capture = { ...truth.result, canonical: { positions: points, indices: null, colors, normals: null } };

// 2. The fit and the scan's avatar record.
const started = performance.now();
const fit = fitPosableModel(model, points, kept.length, {});
const fitMs = performance.now() - started;
const { record, fitErrorMmBySite } = scanAvatar(model, fit, capture);

// 3. The prediction: 20 kg less, from the capture's own measurements and composition.
const weightKg = Math.round(truth.result.measurements.fullBodyVolume * 1030);
const person = { sex: 'male' as const, ageYears: 40, heightM: statureM, weightKg };
const bodyfat = computeBodyfat('coco2', person, truth.result.measurements);
const predicted = predictBody({ person, measurements: truth.result.measurements, bodyfat, predictionType: 'weight_loss', targetWeightKg: weightKg - 20 });
const after = predictedAvatar(model, record, predicted.measurements);
const before = canonicalBody(model, record.shape);

// 4. One picture: capture | fitted avatar | canonical body | prediction, turned 20 degrees to show depth.
interface Panel { positionsM: Float32Array; indices: Uint32Array; normals: Float32Array; colors: Uint8Array | null }
const splats = pointSplats(points, normals, colors, 0.0045);
const skin: [number, number, number] = [205, 170, 150];
const panels: Panel[] = [
  splats,
  withColor({ positionsM: fit.posed.positionsM, indices: model.triangles }, skin),
  withColor({ positionsM: before.positionsM, indices: model.triangles }, skin),
  withColor({ positionsM: after.body.positionsM, indices: model.triangles }, [190, 160, 140]),
];
writeFileSync(out('avatar-examples.png'), encodePng(renderPreview(sideBySide(panels, 0.18, (20 * Math.PI) / 180), { widthPx: 1800, heightPx: 1000 }), true));

const worst = Object.entries(fitErrorMmBySite).sort((a, b) => Math.abs(b[1]!) - Math.abs(a[1]!))[0];
console.log(`avatar-examples.png: capture ${kept.length.toLocaleString('en')} points, stature ${(statureM * 100).toFixed(1)} cm, ${weightKg} kg`);
console.log(`  fit: ${fitMs.toFixed(0)} ms, residual RMS ${fit.residualRmsMm.toFixed(1)} mm, coverage ${(fit.coverage * 100).toFixed(0)} %, largest site tape error ${worst[0]} ${worst[1]!.toFixed(1)} mm`);
console.log(`  prediction: ${predicted.predictedWeightKg.toFixed(1)} kg, waist ${(truth.result.measurements.waistFit * 100).toFixed(1)} -> ${(predicted.measurements.waistFit * 100).toFixed(1)} cm;`
  + ` re-shaped body: largest girth error ${Math.max(...Object.values(after.girthErrorMm).map((v) => Math.abs(v!))).toFixed(1)} mm, volume ${after.volumeErrorPercent.toFixed(2)} %, stature ${after.statureChangeMm.toFixed(1)} mm`);

/** A small triangle facing the viewer at each point, in the point's colour and with its normal (for shading). */
function pointSplats(positions: Float32Array, pointNormals: Float32Array, pointColors: Uint8Array, sizeM: number): Panel {
  const n = positions.length / 3;
  const positionsM = new Float32Array(9 * n), normalsOut = new Float32Array(9 * n), colorsOut = new Uint8Array(9 * n), indices = new Uint32Array(3 * n);
  const corners = [[0, sizeM], [-0.866 * sizeM, -0.5 * sizeM], [0.866 * sizeM, -0.5 * sizeM]];
  for (let p = 0; p < n; p++) {
    for (let c = 0; c < 3; c++) {
      const v = 3 * p + c;
      positionsM[3 * v] = positions[3 * p] + corners[c][0];
      positionsM[3 * v + 1] = positions[3 * p + 1] + corners[c][1];
      positionsM[3 * v + 2] = positions[3 * p + 2];
      for (let k = 0; k < 3; k++) { normalsOut[3 * v + k] = pointNormals[3 * p + k]; colorsOut[3 * v + k] = pointColors[3 * p + k]; }
      indices[v] = v;
    }
  }
  return { positionsM, indices, normals: normalsOut, colors: colorsOut };
}

function withColor(mesh: { positionsM: Float32Array; indices: Uint32Array }, rgb: [number, number, number]): Panel {
  const colorsOut = new Uint8Array(mesh.positionsM.length);
  for (let i = 0; i < colorsOut.length; i += 3) { colorsOut[i] = rgb[0]; colorsOut[i + 1] = rgb[1]; colorsOut[i + 2] = rgb[2]; }
  return { positionsM: mesh.positionsM, indices: mesh.indices, normals: computeSmoothNormals(mesh.positionsM, mesh.indices), colors: colorsOut };
}

/** Panels turned by yawRad about the vertical through their own centre, then set side by side along X with gapM between them. */
function sideBySide(list: Panel[], gapM: number, yawRad: number): Panel {
  const total = list.reduce((sum, panel) => sum + panel.positionsM.length, 0);
  const positionsM = new Float32Array(total), normalsOut = new Float32Array(total), colorsOut = new Uint8Array(total);
  const indices = new Uint32Array(list.reduce((sum, panel) => sum + panel.indices.length, 0));
  const c = Math.cos(yawRad), s = Math.sin(yawRad);
  let vertexOffset = 0, indexOffset = 0, left = 0;
  for (const panel of list) {
    let cx = 0, cz = 0;
    const count = panel.positionsM.length / 3;
    for (let v = 0; v < count; v++) { cx += panel.positionsM[3 * v] / count; cz += panel.positionsM[3 * v + 2] / count; }
    let minX = Infinity, maxX = -Infinity;
    for (let v = 0; v < count; v++) {
      const x = c * (panel.positionsM[3 * v] - cx) + s * (panel.positionsM[3 * v + 2] - cz);
      minX = Math.min(minX, x); maxX = Math.max(maxX, x);
    }
    const shift = left - minX;
    left += maxX - minX + gapM;
    for (let v = 0; v < count; v++) {
      const x = panel.positionsM[3 * v] - cx, z = panel.positionsM[3 * v + 2] - cz;
      const o = 3 * (vertexOffset + v);
      positionsM[o] = c * x + s * z + shift; positionsM[o + 1] = panel.positionsM[3 * v + 1]; positionsM[o + 2] = -s * x + c * z;
      const nx = panel.normals[3 * v], nz = panel.normals[3 * v + 2];
      normalsOut[o] = c * nx + s * nz; normalsOut[o + 1] = panel.normals[3 * v + 1]; normalsOut[o + 2] = -s * nx + c * nz;
      if (panel.colors) { colorsOut[o] = panel.colors[3 * v]; colorsOut[o + 1] = panel.colors[3 * v + 1]; colorsOut[o + 2] = panel.colors[3 * v + 2]; }
    }
    for (let k = 0; k < panel.indices.length; k++) indices[indexOffset + k] = panel.indices[k] + vertexOffset;
    vertexOffset += count; indexOffset += panel.indices.length;
  }
  return { positionsM, indices, normals: normalsOut, colors: colorsOut };
}
